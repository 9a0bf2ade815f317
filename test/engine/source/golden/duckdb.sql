-- frequency
SELECT c0, c1, c2, sum(n) AS n
FROM (
  SELECT COALESCE(CAST(q0 AS VARCHAR), '') AS c0, COALESCE(CAST(q1 AS VARCHAR), '') AS c1, COALESCE(CAST(q2 AS VARCHAR), '') AS c2, n
  FROM (
    SELECT q0, q1, q2, count(*) AS n
    FROM (SELECT "sex" AS q0, "age" AS q1, "marital-status" AS q2 FROM "adult") r
    GROUP BY q0, q1, q2
  ) g
) t
GROUP BY c0, c1, c2;

-- count-where
SELECT g0, count(*) AS n
FROM (
  SELECT COALESCE(CAST("sex" AS VARCHAR), '') AS g0
  FROM "adult"
  WHERE COALESCE((CASE WHEN regexp_matches(trim(COALESCE(CAST("age" AS VARCHAR), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$') THEN TRY_CAST(trim(COALESCE(CAST("age" AS VARCHAR), '')) AS DOUBLE) END >= 30 AND CASE WHEN regexp_matches(trim(COALESCE(CAST("age" AS VARCHAR), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$') THEN TRY_CAST(trim(COALESCE(CAST("age" AS VARCHAR), '')) AS DOUBLE) END <= 40), 1 = 0) AND COALESCE((COALESCE(CAST("race" AS VARCHAR), '') = 'White' OR COALESCE(CAST("race" AS VARCHAR), '') = 'Black'), 1 = 0) AND COALESCE((COALESCE(CAST("education" AS VARCHAR), '') >= 'B' AND COALESCE(CAST("education" AS VARCHAR), '') <= 'M'), 1 = 0)
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
  SELECT COALESCE(CAST("race" AS VARCHAR), '') AS g0,
         CASE WHEN CASE WHEN regexp_matches(trim(COALESCE(CAST("age" AS VARCHAR), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$') THEN TRY_CAST(trim(COALESCE(CAST("age" AS VARCHAR), '')) AS DOUBLE) END IS NULL OR isnan(CASE WHEN regexp_matches(trim(COALESCE(CAST("age" AS VARCHAR), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$') THEN TRY_CAST(trim(COALESCE(CAST("age" AS VARCHAR), '')) AS DOUBLE) END) THEN 17 ELSE least(greatest(CASE WHEN regexp_matches(trim(COALESCE(CAST("age" AS VARCHAR), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$') THEN TRY_CAST(trim(COALESCE(CAST("age" AS VARCHAR), '')) AS DOUBLE) END, 17), 90) END AS v,
         COALESCE(CAST("occupation" AS VARCHAR), '') AS u,
         COALESCE(CAST("race" AS VARCHAR), '') AS p0,
         md5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', CAST(length('p') AS VARCHAR), ':', 'p', CAST(length(COALESCE(CAST("occupation" AS VARCHAR), '')) AS VARCHAR), ':', COALESCE(CAST("occupation" AS VARCHAR), ''), CAST(length(COALESCE(CAST("race" AS VARCHAR), '')) AS VARCHAR), ':', COALESCE(CAST("race" AS VARCHAR), ''))) AS ph,
         md5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', CAST(length('r') AS VARCHAR), ':', 'r', CAST(length(COALESCE(CAST("occupation" AS VARCHAR), '')) AS VARCHAR), ':', COALESCE(CAST("occupation" AS VARCHAR), ''), CAST(length(COALESCE(CAST("race" AS VARCHAR), '')) AS VARCHAR), ':', COALESCE(CAST("race" AS VARCHAR), ''), CAST(length(COALESCE(CAST("age" AS VARCHAR), '')) AS VARCHAR), ':', COALESCE(CAST("age" AS VARCHAR), ''))) AS rh
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
  SELECT COALESCE(CAST("education" AS VARCHAR), '') AS g0,
         COALESCE(CAST("workclass" AS VARCHAR), '') AS u,
         md5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', CAST(length('p') AS VARCHAR), ':', 'p', CAST(length(COALESCE(CAST("workclass" AS VARCHAR), '')) AS VARCHAR), ':', COALESCE(CAST("workclass" AS VARCHAR), ''))) AS ph,
         md5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', CAST(length('r') AS VARCHAR), ':', 'r', CAST(length(COALESCE(CAST("workclass" AS VARCHAR), '')) AS VARCHAR), ':', COALESCE(CAST("workclass" AS VARCHAR), ''), CAST(length(COALESCE(CAST("education" AS VARCHAR), '')) AS VARCHAR), ':', COALESCE(CAST("education" AS VARCHAR), ''))) AS rh
  FROM "adult"
  ) s
) k
WHERE pr <= 1 AND rr <= 300
GROUP BY g0;

-- grid
SELECT g0, g1, count(*) AS n
FROM (
  SELECT CASE WHEN CASE WHEN regexp_matches(trim(COALESCE(CAST("age" AS VARCHAR), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$') THEN TRY_CAST(trim(COALESCE(CAST("age" AS VARCHAR), '')) AS DOUBLE) END IS NOT NULL AND CASE WHEN regexp_matches(trim(COALESCE(CAST("age" AS VARCHAR), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$') THEN TRY_CAST(trim(COALESCE(CAST("age" AS VARCHAR), '')) AS DOUBLE) END IS NOT NULL AND NOT isnan(CASE WHEN regexp_matches(trim(COALESCE(CAST("age" AS VARCHAR), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$') THEN TRY_CAST(trim(COALESCE(CAST("age" AS VARCHAR), '')) AS DOUBLE) END) AND NOT isnan(CASE WHEN regexp_matches(trim(COALESCE(CAST("age" AS VARCHAR), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$') THEN TRY_CAST(trim(COALESCE(CAST("age" AS VARCHAR), '')) AS DOUBLE) END) AND CASE WHEN regexp_matches(trim(COALESCE(CAST("age" AS VARCHAR), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$') THEN TRY_CAST(trim(COALESCE(CAST("age" AS VARCHAR), '')) AS DOUBLE) END >= 17 AND CASE WHEN regexp_matches(trim(COALESCE(CAST("age" AS VARCHAR), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$') THEN TRY_CAST(trim(COALESCE(CAST("age" AS VARCHAR), '')) AS DOUBLE) END <= 90 AND CASE WHEN regexp_matches(trim(COALESCE(CAST("age" AS VARCHAR), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$') THEN TRY_CAST(trim(COALESCE(CAST("age" AS VARCHAR), '')) AS DOUBLE) END >= 0 AND CASE WHEN regexp_matches(trim(COALESCE(CAST("age" AS VARCHAR), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$') THEN TRY_CAST(trim(COALESCE(CAST("age" AS VARCHAR), '')) AS DOUBLE) END <= 100 THEN CAST(CASE WHEN floor(((CASE WHEN regexp_matches(trim(COALESCE(CAST("age" AS VARCHAR), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$') THEN TRY_CAST(trim(COALESCE(CAST("age" AS VARCHAR), '')) AS DOUBLE) END - 17) / (90 - 17)) * 8) > 7 THEN 7 ELSE floor(((CASE WHEN regexp_matches(trim(COALESCE(CAST("age" AS VARCHAR), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$') THEN TRY_CAST(trim(COALESCE(CAST("age" AS VARCHAR), '')) AS DOUBLE) END - 17) / (90 - 17)) * 8) END AS BIGINT) ELSE -1 END AS g0, CASE WHEN CASE WHEN regexp_matches(trim(COALESCE(CAST("age" AS VARCHAR), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$') THEN TRY_CAST(trim(COALESCE(CAST("age" AS VARCHAR), '')) AS DOUBLE) END IS NOT NULL AND CASE WHEN regexp_matches(trim(COALESCE(CAST("age" AS VARCHAR), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$') THEN TRY_CAST(trim(COALESCE(CAST("age" AS VARCHAR), '')) AS DOUBLE) END IS NOT NULL AND NOT isnan(CASE WHEN regexp_matches(trim(COALESCE(CAST("age" AS VARCHAR), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$') THEN TRY_CAST(trim(COALESCE(CAST("age" AS VARCHAR), '')) AS DOUBLE) END) AND NOT isnan(CASE WHEN regexp_matches(trim(COALESCE(CAST("age" AS VARCHAR), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$') THEN TRY_CAST(trim(COALESCE(CAST("age" AS VARCHAR), '')) AS DOUBLE) END) AND CASE WHEN regexp_matches(trim(COALESCE(CAST("age" AS VARCHAR), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$') THEN TRY_CAST(trim(COALESCE(CAST("age" AS VARCHAR), '')) AS DOUBLE) END >= 17 AND CASE WHEN regexp_matches(trim(COALESCE(CAST("age" AS VARCHAR), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$') THEN TRY_CAST(trim(COALESCE(CAST("age" AS VARCHAR), '')) AS DOUBLE) END <= 90 AND CASE WHEN regexp_matches(trim(COALESCE(CAST("age" AS VARCHAR), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$') THEN TRY_CAST(trim(COALESCE(CAST("age" AS VARCHAR), '')) AS DOUBLE) END >= 0 AND CASE WHEN regexp_matches(trim(COALESCE(CAST("age" AS VARCHAR), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$') THEN TRY_CAST(trim(COALESCE(CAST("age" AS VARCHAR), '')) AS DOUBLE) END <= 100 THEN CAST(CASE WHEN floor(((CASE WHEN regexp_matches(trim(COALESCE(CAST("age" AS VARCHAR), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$') THEN TRY_CAST(trim(COALESCE(CAST("age" AS VARCHAR), '')) AS DOUBLE) END - 0) / (100 - 0)) * 8) > 7 THEN 7 ELSE floor(((CASE WHEN regexp_matches(trim(COALESCE(CAST("age" AS VARCHAR), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$') THEN TRY_CAST(trim(COALESCE(CAST("age" AS VARCHAR), '')) AS DOUBLE) END - 0) / (100 - 0)) * 8) END AS BIGINT) ELSE -1 END AS g1
  FROM "adult"
) s
GROUP BY g0, g1;
