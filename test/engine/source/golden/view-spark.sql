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
  SELECT COALESCE(CAST(`age` AS STRING), '') AS g0,
         COALESCE(CAST(`sex` AS STRING), '') AS g1,
         COALESCE(CAST(`diagnosis` AS STRING), '') AS g2,
         COALESCE(CAST(`occupation` AS STRING), '') AS g3,
         COALESCE(CAST(`patient_id` AS STRING), '') AS u,
         md5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', CAST(char_length('p') AS STRING), ':', 'p', CAST(char_length(COALESCE(CAST(`patient_id` AS STRING), '')) AS STRING), ':', COALESCE(CAST(`patient_id` AS STRING), ''))) AS ph,
         md5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', CAST(char_length('r') AS STRING), ':', 'r', CAST(char_length(COALESCE(CAST(`patient_id` AS STRING), '')) AS STRING), ':', COALESCE(CAST(`patient_id` AS STRING), ''), CAST(char_length(COALESCE(CAST(`age` AS STRING), '')) AS STRING), ':', COALESCE(CAST(`age` AS STRING), ''), CAST(char_length(COALESCE(CAST(`sex` AS STRING), '')) AS STRING), ':', COALESCE(CAST(`sex` AS STRING), ''), CAST(char_length(COALESCE(CAST(`diagnosis` AS STRING), '')) AS STRING), ':', COALESCE(CAST(`diagnosis` AS STRING), ''), CAST(char_length(COALESCE(CAST(`occupation` AS STRING), '')) AS STRING), ':', COALESCE(CAST(`occupation` AS STRING), ''))) AS rh
  FROM `visits`
  ) s
) k
WHERE pr <= 1 AND rr <= 3
GROUP BY g0, g1, g2, g3;

-- release-explore-unbounded
SELECT g0, g1, g2, g3, count(*) AS n
FROM (
  SELECT COALESCE(CAST(`age` AS STRING), '') AS g0, COALESCE(CAST(`sex` AS STRING), '') AS g1, COALESCE(CAST(`diagnosis` AS STRING), '') AS g2, COALESCE(CAST(`occupation` AS STRING), '') AS g3
  FROM `visits`
) s
GROUP BY g0, g1, g2, g3;
