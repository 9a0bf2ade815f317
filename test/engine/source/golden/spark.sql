-- frequency
SELECT c0, c1, c2, sum(n) AS n
FROM (
  SELECT COALESCE(CAST(q0 AS STRING), '') AS c0, COALESCE(CAST(q1 AS STRING), '') AS c1, COALESCE(CAST(q2 AS STRING), '') AS c2, n
  FROM (
    SELECT q0, q1, q2, count(*) AS n
    FROM (SELECT `sex` AS q0, `age` AS q1, `marital-status` AS q2 FROM `adult`) r
    GROUP BY q0, q1, q2
  ) g
) t
GROUP BY c0, c1, c2;

-- count-where
SELECT g0, count(*) AS n
FROM (
  SELECT COALESCE(CAST(`sex` AS STRING), '') AS g0
  FROM `adult`
  WHERE COALESCE((CASE WHEN regexp_extract(trim(COALESCE(CAST(`age` AS STRING), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$', 0) <> '' THEN TRY_CAST(trim(COALESCE(CAST(`age` AS STRING), '')) AS DOUBLE) END >= 30 AND CASE WHEN regexp_extract(trim(COALESCE(CAST(`age` AS STRING), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$', 0) <> '' THEN TRY_CAST(trim(COALESCE(CAST(`age` AS STRING), '')) AS DOUBLE) END <= 40), 1 = 0) AND COALESCE((COALESCE(CAST(`race` AS STRING), '') = 'White' OR COALESCE(CAST(`race` AS STRING), '') = 'Black'), 1 = 0) AND COALESCE((COALESCE(CAST(`education` AS STRING), '') >= 'B' AND COALESCE(CAST(`education` AS STRING), '') <= 'M'), 1 = 0)
) s
GROUP BY g0;

-- sum-bounded
SELECT g0, v, count(*) AS n
FROM (
  SELECT g0,
         v,
         DENSE_RANK() OVER (PARTITION BY u ORDER BY ph) AS pr,
         ROW_NUMBER() OVER (PARTITION BY u, p0 ORDER BY rh) AS rr
  FROM (
  SELECT COALESCE(CAST(`race` AS STRING), '') AS g0,
         CASE WHEN CASE WHEN regexp_extract(trim(COALESCE(CAST(`age` AS STRING), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$', 0) <> '' THEN TRY_CAST(trim(COALESCE(CAST(`age` AS STRING), '')) AS DOUBLE) END IS NULL OR isnan(CASE WHEN regexp_extract(trim(COALESCE(CAST(`age` AS STRING), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$', 0) <> '' THEN TRY_CAST(trim(COALESCE(CAST(`age` AS STRING), '')) AS DOUBLE) END) THEN 17 ELSE least(greatest(CASE WHEN regexp_extract(trim(COALESCE(CAST(`age` AS STRING), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$', 0) <> '' THEN TRY_CAST(trim(COALESCE(CAST(`age` AS STRING), '')) AS DOUBLE) END, 17), 90) END AS v,
         COALESCE(CAST(`occupation` AS STRING), '') AS u,
         COALESCE(CAST(`race` AS STRING), '') AS p0,
         md5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', CAST(char_length('p') AS STRING), ':', 'p', CAST(char_length(COALESCE(CAST(`occupation` AS STRING), '')) AS STRING), ':', COALESCE(CAST(`occupation` AS STRING), ''), CAST(char_length(COALESCE(CAST(`race` AS STRING), '')) AS STRING), ':', COALESCE(CAST(`race` AS STRING), ''))) AS ph,
         md5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', CAST(char_length('r') AS STRING), ':', 'r', CAST(char_length(COALESCE(CAST(`occupation` AS STRING), '')) AS STRING), ':', COALESCE(CAST(`occupation` AS STRING), ''), CAST(char_length(COALESCE(CAST(`race` AS STRING), '')) AS STRING), ':', COALESCE(CAST(`race` AS STRING), ''), CAST(char_length(COALESCE(CAST(`age` AS STRING), '')) AS STRING), ':', COALESCE(CAST(`age` AS STRING), ''))) AS rh
  FROM `adult`
  ) s
) k
WHERE pr <= 2 AND rr <= 40
GROUP BY g0, v;

-- mode-bounded
SELECT g0, count(*) AS n
FROM (
  SELECT g0,
         DENSE_RANK() OVER (PARTITION BY u ORDER BY ph) AS pr,
         ROW_NUMBER() OVER (PARTITION BY u ORDER BY rh) AS rr
  FROM (
  SELECT COALESCE(CAST(`education` AS STRING), '') AS g0,
         COALESCE(CAST(`workclass` AS STRING), '') AS u,
         md5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', CAST(char_length('p') AS STRING), ':', 'p', CAST(char_length(COALESCE(CAST(`workclass` AS STRING), '')) AS STRING), ':', COALESCE(CAST(`workclass` AS STRING), ''))) AS ph,
         md5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', CAST(char_length('r') AS STRING), ':', 'r', CAST(char_length(COALESCE(CAST(`workclass` AS STRING), '')) AS STRING), ':', COALESCE(CAST(`workclass` AS STRING), ''), CAST(char_length(COALESCE(CAST(`education` AS STRING), '')) AS STRING), ':', COALESCE(CAST(`education` AS STRING), ''))) AS rh
  FROM `adult`
  ) s
) k
WHERE pr <= 1 AND rr <= 300
GROUP BY g0;

-- grid
SELECT g0, g1, count(*) AS n
FROM (
  SELECT CASE WHEN CASE WHEN regexp_extract(trim(COALESCE(CAST(`age` AS STRING), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$', 0) <> '' THEN TRY_CAST(trim(COALESCE(CAST(`age` AS STRING), '')) AS DOUBLE) END IS NOT NULL AND CASE WHEN regexp_extract(trim(COALESCE(CAST(`age` AS STRING), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$', 0) <> '' THEN TRY_CAST(trim(COALESCE(CAST(`age` AS STRING), '')) AS DOUBLE) END IS NOT NULL AND NOT isnan(CASE WHEN regexp_extract(trim(COALESCE(CAST(`age` AS STRING), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$', 0) <> '' THEN TRY_CAST(trim(COALESCE(CAST(`age` AS STRING), '')) AS DOUBLE) END) AND NOT isnan(CASE WHEN regexp_extract(trim(COALESCE(CAST(`age` AS STRING), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$', 0) <> '' THEN TRY_CAST(trim(COALESCE(CAST(`age` AS STRING), '')) AS DOUBLE) END) AND CASE WHEN regexp_extract(trim(COALESCE(CAST(`age` AS STRING), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$', 0) <> '' THEN TRY_CAST(trim(COALESCE(CAST(`age` AS STRING), '')) AS DOUBLE) END >= 17 AND CASE WHEN regexp_extract(trim(COALESCE(CAST(`age` AS STRING), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$', 0) <> '' THEN TRY_CAST(trim(COALESCE(CAST(`age` AS STRING), '')) AS DOUBLE) END <= 90 AND CASE WHEN regexp_extract(trim(COALESCE(CAST(`age` AS STRING), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$', 0) <> '' THEN TRY_CAST(trim(COALESCE(CAST(`age` AS STRING), '')) AS DOUBLE) END >= 0 AND CASE WHEN regexp_extract(trim(COALESCE(CAST(`age` AS STRING), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$', 0) <> '' THEN TRY_CAST(trim(COALESCE(CAST(`age` AS STRING), '')) AS DOUBLE) END <= 100 THEN CAST(CASE WHEN floor(((CASE WHEN regexp_extract(trim(COALESCE(CAST(`age` AS STRING), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$', 0) <> '' THEN TRY_CAST(trim(COALESCE(CAST(`age` AS STRING), '')) AS DOUBLE) END - 17) / (90 - 17)) * 8) > 7 THEN 7 ELSE floor(((CASE WHEN regexp_extract(trim(COALESCE(CAST(`age` AS STRING), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$', 0) <> '' THEN TRY_CAST(trim(COALESCE(CAST(`age` AS STRING), '')) AS DOUBLE) END - 17) / (90 - 17)) * 8) END AS BIGINT) ELSE -1 END AS g0, CASE WHEN CASE WHEN regexp_extract(trim(COALESCE(CAST(`age` AS STRING), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$', 0) <> '' THEN TRY_CAST(trim(COALESCE(CAST(`age` AS STRING), '')) AS DOUBLE) END IS NOT NULL AND CASE WHEN regexp_extract(trim(COALESCE(CAST(`age` AS STRING), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$', 0) <> '' THEN TRY_CAST(trim(COALESCE(CAST(`age` AS STRING), '')) AS DOUBLE) END IS NOT NULL AND NOT isnan(CASE WHEN regexp_extract(trim(COALESCE(CAST(`age` AS STRING), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$', 0) <> '' THEN TRY_CAST(trim(COALESCE(CAST(`age` AS STRING), '')) AS DOUBLE) END) AND NOT isnan(CASE WHEN regexp_extract(trim(COALESCE(CAST(`age` AS STRING), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$', 0) <> '' THEN TRY_CAST(trim(COALESCE(CAST(`age` AS STRING), '')) AS DOUBLE) END) AND CASE WHEN regexp_extract(trim(COALESCE(CAST(`age` AS STRING), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$', 0) <> '' THEN TRY_CAST(trim(COALESCE(CAST(`age` AS STRING), '')) AS DOUBLE) END >= 17 AND CASE WHEN regexp_extract(trim(COALESCE(CAST(`age` AS STRING), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$', 0) <> '' THEN TRY_CAST(trim(COALESCE(CAST(`age` AS STRING), '')) AS DOUBLE) END <= 90 AND CASE WHEN regexp_extract(trim(COALESCE(CAST(`age` AS STRING), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$', 0) <> '' THEN TRY_CAST(trim(COALESCE(CAST(`age` AS STRING), '')) AS DOUBLE) END >= 0 AND CASE WHEN regexp_extract(trim(COALESCE(CAST(`age` AS STRING), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$', 0) <> '' THEN TRY_CAST(trim(COALESCE(CAST(`age` AS STRING), '')) AS DOUBLE) END <= 100 THEN CAST(CASE WHEN floor(((CASE WHEN regexp_extract(trim(COALESCE(CAST(`age` AS STRING), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$', 0) <> '' THEN TRY_CAST(trim(COALESCE(CAST(`age` AS STRING), '')) AS DOUBLE) END - 0) / (100 - 0)) * 8) > 7 THEN 7 ELSE floor(((CASE WHEN regexp_extract(trim(COALESCE(CAST(`age` AS STRING), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$', 0) <> '' THEN TRY_CAST(trim(COALESCE(CAST(`age` AS STRING), '')) AS DOUBLE) END - 0) / (100 - 0)) * 8) END AS BIGINT) ELSE -1 END AS g1
  FROM `adult`
) s
GROUP BY g0, g1;
