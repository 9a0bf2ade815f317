-- frequency
SELECT c0, c1, c2, sum(n) AS n
FROM (
  SELECT COALESCE(CAST(q0 AS text), '') AS c0, COALESCE(CAST(q1 AS text), '') AS c1, COALESCE(CAST(q2 AS text), '') AS c2, n
  FROM (
    SELECT q0, q1, q2, count(*) AS n
    FROM (SELECT COALESCE(CAST("sex" AS text), '') AS q0, COALESCE(CAST("age" AS text), '') AS q1, COALESCE(CAST("marital-status" AS text), '') AS q2 FROM "adult") r
    GROUP BY q0, q1, q2
  ) g
) t
GROUP BY c0, c1, c2;

-- count-where
SELECT g0, count(*) AS n
FROM (
  SELECT COALESCE(CAST("sex" AS text), '') AS g0
  FROM "adult"
  WHERE COALESCE((CASE WHEN trim(COALESCE(CAST("age" AS text), '')) ~ '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$' THEN CAST(trim(COALESCE(CAST("age" AS text), '')) AS double precision) END >= CAST(30 AS double precision) AND CASE WHEN trim(COALESCE(CAST("age" AS text), '')) ~ '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$' THEN CAST(trim(COALESCE(CAST("age" AS text), '')) AS double precision) END <= CAST(40 AS double precision)), 1 = 0) AND COALESCE((COALESCE(CAST("race" AS text), '') COLLATE "C" = 'White' OR COALESCE(CAST("race" AS text), '') COLLATE "C" = 'Black'), 1 = 0) AND COALESCE((COALESCE(CAST("education" AS text), '') COLLATE "C" >= 'B' AND COALESCE(CAST("education" AS text), '') COLLATE "C" <= 'M'), 1 = 0)
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
  SELECT COALESCE(CAST("race" AS text), '') AS g0,
         CASE WHEN CASE WHEN trim(COALESCE(CAST("age" AS text), '')) ~ '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$' THEN CAST(trim(COALESCE(CAST("age" AS text), '')) AS double precision) END IS NULL OR (CASE WHEN trim(COALESCE(CAST("age" AS text), '')) ~ '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$' THEN CAST(trim(COALESCE(CAST("age" AS text), '')) AS double precision) END = CAST('NaN' AS double precision)) THEN CAST(17 AS double precision) ELSE least(greatest(CASE WHEN trim(COALESCE(CAST("age" AS text), '')) ~ '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$' THEN CAST(trim(COALESCE(CAST("age" AS text), '')) AS double precision) END, CAST(17 AS double precision)), CAST(90 AS double precision)) END AS v,
         COALESCE(CAST("occupation" AS text), '') AS u,
         COALESCE(CAST("race" AS text), '') AS p0,
         md5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', CAST(char_length('p') AS text), ':', 'p', CAST(char_length(COALESCE(CAST("occupation" AS text), '')) AS text), ':', COALESCE(CAST("occupation" AS text), ''), CAST(char_length(COALESCE(CAST("race" AS text), '')) AS text), ':', COALESCE(CAST("race" AS text), ''))) AS ph,
         md5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', CAST(char_length('r') AS text), ':', 'r', CAST(char_length(COALESCE(CAST("occupation" AS text), '')) AS text), ':', COALESCE(CAST("occupation" AS text), ''), CAST(char_length(COALESCE(CAST("race" AS text), '')) AS text), ':', COALESCE(CAST("race" AS text), ''), CAST(char_length(COALESCE(CAST("age" AS text), '')) AS text), ':', COALESCE(CAST("age" AS text), ''))) AS rh
  FROM "adult"
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
  SELECT COALESCE(CAST("education" AS text), '') AS g0,
         COALESCE(CAST("workclass" AS text), '') AS u,
         md5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', CAST(char_length('p') AS text), ':', 'p', CAST(char_length(COALESCE(CAST("workclass" AS text), '')) AS text), ':', COALESCE(CAST("workclass" AS text), ''))) AS ph,
         md5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', CAST(char_length('r') AS text), ':', 'r', CAST(char_length(COALESCE(CAST("workclass" AS text), '')) AS text), ':', COALESCE(CAST("workclass" AS text), ''), CAST(char_length(COALESCE(CAST("education" AS text), '')) AS text), ':', COALESCE(CAST("education" AS text), ''))) AS rh
  FROM "adult"
  ) s
) k
WHERE pr <= 1 AND rr <= 300
GROUP BY g0;

-- grid
SELECT g0, g1, count(*) AS n
FROM (
  SELECT CASE WHEN CASE WHEN trim(COALESCE(CAST("age" AS text), '')) ~ '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$' THEN CAST(trim(COALESCE(CAST("age" AS text), '')) AS double precision) END IS NOT NULL AND CASE WHEN trim(COALESCE(CAST("age" AS text), '')) ~ '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$' THEN CAST(trim(COALESCE(CAST("age" AS text), '')) AS double precision) END IS NOT NULL AND NOT (CASE WHEN trim(COALESCE(CAST("age" AS text), '')) ~ '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$' THEN CAST(trim(COALESCE(CAST("age" AS text), '')) AS double precision) END = CAST('NaN' AS double precision)) AND NOT (CASE WHEN trim(COALESCE(CAST("age" AS text), '')) ~ '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$' THEN CAST(trim(COALESCE(CAST("age" AS text), '')) AS double precision) END = CAST('NaN' AS double precision)) AND CASE WHEN trim(COALESCE(CAST("age" AS text), '')) ~ '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$' THEN CAST(trim(COALESCE(CAST("age" AS text), '')) AS double precision) END >= CAST(17 AS double precision) AND CASE WHEN trim(COALESCE(CAST("age" AS text), '')) ~ '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$' THEN CAST(trim(COALESCE(CAST("age" AS text), '')) AS double precision) END <= CAST(90 AS double precision) AND CASE WHEN trim(COALESCE(CAST("age" AS text), '')) ~ '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$' THEN CAST(trim(COALESCE(CAST("age" AS text), '')) AS double precision) END >= CAST(0 AS double precision) AND CASE WHEN trim(COALESCE(CAST("age" AS text), '')) ~ '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$' THEN CAST(trim(COALESCE(CAST("age" AS text), '')) AS double precision) END <= CAST(100 AS double precision) THEN CAST(CASE WHEN floor(((CASE WHEN trim(COALESCE(CAST("age" AS text), '')) ~ '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$' THEN CAST(trim(COALESCE(CAST("age" AS text), '')) AS double precision) END - CAST(17 AS double precision)) / (CAST(90 AS double precision) - CAST(17 AS double precision))) * CAST(8 AS double precision)) > CAST(7 AS double precision) THEN CAST(7 AS double precision) ELSE floor(((CASE WHEN trim(COALESCE(CAST("age" AS text), '')) ~ '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$' THEN CAST(trim(COALESCE(CAST("age" AS text), '')) AS double precision) END - CAST(17 AS double precision)) / (CAST(90 AS double precision) - CAST(17 AS double precision))) * CAST(8 AS double precision)) END AS BIGINT) ELSE -1 END AS g0, CASE WHEN CASE WHEN trim(COALESCE(CAST("age" AS text), '')) ~ '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$' THEN CAST(trim(COALESCE(CAST("age" AS text), '')) AS double precision) END IS NOT NULL AND CASE WHEN trim(COALESCE(CAST("age" AS text), '')) ~ '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$' THEN CAST(trim(COALESCE(CAST("age" AS text), '')) AS double precision) END IS NOT NULL AND NOT (CASE WHEN trim(COALESCE(CAST("age" AS text), '')) ~ '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$' THEN CAST(trim(COALESCE(CAST("age" AS text), '')) AS double precision) END = CAST('NaN' AS double precision)) AND NOT (CASE WHEN trim(COALESCE(CAST("age" AS text), '')) ~ '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$' THEN CAST(trim(COALESCE(CAST("age" AS text), '')) AS double precision) END = CAST('NaN' AS double precision)) AND CASE WHEN trim(COALESCE(CAST("age" AS text), '')) ~ '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$' THEN CAST(trim(COALESCE(CAST("age" AS text), '')) AS double precision) END >= CAST(17 AS double precision) AND CASE WHEN trim(COALESCE(CAST("age" AS text), '')) ~ '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$' THEN CAST(trim(COALESCE(CAST("age" AS text), '')) AS double precision) END <= CAST(90 AS double precision) AND CASE WHEN trim(COALESCE(CAST("age" AS text), '')) ~ '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$' THEN CAST(trim(COALESCE(CAST("age" AS text), '')) AS double precision) END >= CAST(0 AS double precision) AND CASE WHEN trim(COALESCE(CAST("age" AS text), '')) ~ '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$' THEN CAST(trim(COALESCE(CAST("age" AS text), '')) AS double precision) END <= CAST(100 AS double precision) THEN CAST(CASE WHEN floor(((CASE WHEN trim(COALESCE(CAST("age" AS text), '')) ~ '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$' THEN CAST(trim(COALESCE(CAST("age" AS text), '')) AS double precision) END - CAST(0 AS double precision)) / (CAST(100 AS double precision) - CAST(0 AS double precision))) * CAST(8 AS double precision)) > CAST(7 AS double precision) THEN CAST(7 AS double precision) ELSE floor(((CASE WHEN trim(COALESCE(CAST("age" AS text), '')) ~ '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$' THEN CAST(trim(COALESCE(CAST("age" AS text), '')) AS double precision) END - CAST(0 AS double precision)) / (CAST(100 AS double precision) - CAST(0 AS double precision))) * CAST(8 AS double precision)) END AS BIGINT) ELSE -1 END AS g1
  FROM "adult"
) s
GROUP BY g0, g1;
