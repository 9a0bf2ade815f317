-- release-explore
SELECT g0, g1, g2, g3, count(*) AS n
FROM (
  SELECT g0,
         g1,
         g2,
         g3,
         DENSE_RANK() OVER (PARTITION BY u ORDER BY ph) AS pr,
         ROW_NUMBER() OVER (PARTITION BY u ORDER BY rh) AS rr
  FROM (
  SELECT COALESCE(CAST("age" AS VARCHAR), '') AS g0,
         COALESCE(CAST("sex" AS VARCHAR), '') AS g1,
         COALESCE(CAST("diagnosis" AS VARCHAR), '') AS g2,
         COALESCE(CAST("occupation" AS VARCHAR), '') AS g3,
         COALESCE(CAST("patient_id" AS VARCHAR), '') AS u,
         md5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', CAST(length('p') AS VARCHAR), ':', 'p', CAST(length(COALESCE(CAST("patient_id" AS VARCHAR), '')) AS VARCHAR), ':', COALESCE(CAST("patient_id" AS VARCHAR), ''))) AS ph,
         md5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', CAST(length('r') AS VARCHAR), ':', 'r', CAST(length(COALESCE(CAST("patient_id" AS VARCHAR), '')) AS VARCHAR), ':', COALESCE(CAST("patient_id" AS VARCHAR), ''), CAST(length(COALESCE(CAST("age" AS VARCHAR), '')) AS VARCHAR), ':', COALESCE(CAST("age" AS VARCHAR), ''), CAST(length(COALESCE(CAST("sex" AS VARCHAR), '')) AS VARCHAR), ':', COALESCE(CAST("sex" AS VARCHAR), ''), CAST(length(COALESCE(CAST("diagnosis" AS VARCHAR), '')) AS VARCHAR), ':', COALESCE(CAST("diagnosis" AS VARCHAR), ''), CAST(length(COALESCE(CAST("occupation" AS VARCHAR), '')) AS VARCHAR), ':', COALESCE(CAST("occupation" AS VARCHAR), ''))) AS rh
  FROM "visits"
  ) s
) k
WHERE pr <= 1 AND rr <= 3
GROUP BY g0, g1, g2, g3;

-- release-explore-unbounded
SELECT g0, g1, g2, g3, count(*) AS n
FROM (
  SELECT COALESCE(CAST("age" AS VARCHAR), '') AS g0, COALESCE(CAST("sex" AS VARCHAR), '') AS g1, COALESCE(CAST("diagnosis" AS VARCHAR), '') AS g2, COALESCE(CAST("occupation" AS VARCHAR), '') AS g3
  FROM "visits"
) s
GROUP BY g0, g1, g2, g3;
