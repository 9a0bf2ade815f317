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
  SELECT COALESCE(CAST("age" AS text), '') AS g0,
         COALESCE(CAST("sex" AS text), '') AS g1,
         COALESCE(CAST("diagnosis" AS text), '') AS g2,
         COALESCE(CAST("occupation" AS text), '') AS g3,
         COALESCE(CAST("patient_id" AS text), '') AS u,
         md5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', CAST(char_length('p') AS text), ':', 'p', CAST(char_length(COALESCE(CAST("patient_id" AS text), '')) AS text), ':', COALESCE(CAST("patient_id" AS text), ''))) AS ph,
         md5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', CAST(char_length('r') AS text), ':', 'r', CAST(char_length(COALESCE(CAST("patient_id" AS text), '')) AS text), ':', COALESCE(CAST("patient_id" AS text), ''), CAST(char_length(COALESCE(CAST("age" AS text), '')) AS text), ':', COALESCE(CAST("age" AS text), ''), CAST(char_length(COALESCE(CAST("sex" AS text), '')) AS text), ':', COALESCE(CAST("sex" AS text), ''), CAST(char_length(COALESCE(CAST("diagnosis" AS text), '')) AS text), ':', COALESCE(CAST("diagnosis" AS text), ''), CAST(char_length(COALESCE(CAST("occupation" AS text), '')) AS text), ':', COALESCE(CAST("occupation" AS text), ''))) AS rh
  FROM "visits"
  ) s
) k
WHERE pr <= 1 AND rr <= 3
GROUP BY g0, g1, g2, g3;

-- release-explore-unbounded
SELECT g0, g1, g2, g3, count(*) AS n
FROM (
  SELECT COALESCE(CAST("age" AS text), '') AS g0, COALESCE(CAST("sex" AS text), '') AS g1, COALESCE(CAST("diagnosis" AS text), '') AS g2, COALESCE(CAST("occupation" AS text), '') AS g3
  FROM "visits"
) s
GROUP BY g0, g1, g2, g3;
