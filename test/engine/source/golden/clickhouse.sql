-- frequency
SELECT c0, c1, c2, sum(n) AS n
FROM (
  SELECT ifNull(toString(q0), '') AS c0, ifNull(toString(q1), '') AS c1, ifNull(toString(q2), '') AS c2, n
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
  SELECT ifNull(toString(`sex`), '') AS g0
  FROM `adult`
  WHERE COALESCE((if(match(trimBoth(ifNull(toString(`age`), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(trimBoth(ifNull(toString(`age`), ''))), NULL) >= toFloat64(30) AND if(match(trimBoth(ifNull(toString(`age`), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(trimBoth(ifNull(toString(`age`), ''))), NULL) <= toFloat64(40)), 1 = 0) AND COALESCE((ifNull(toString(`race`), '') = 'White' OR ifNull(toString(`race`), '') = 'Black'), 1 = 0) AND COALESCE((ifNull(toString(`education`), '') >= 'B' AND ifNull(toString(`education`), '') <= 'M'), 1 = 0)
) s
GROUP BY g0;

-- sum-bounded
SELECT g0, v, count() AS n
FROM (
  SELECT arrayJoin(prows) AS t, tupleElement(t, 2) AS g0, tupleElement(t, 3) AS v
  FROM (
    SELECT arrayJoin(arraySlice(arraySort(groupArray(tuple(ph, kept))), 1, 2)).2 AS prows
    FROM (
      SELECT u, any(ph) AS ph, arraySlice(arraySort(groupArray(tuple(rh, g0, v))), 1, 40) AS kept
      FROM (
      SELECT ifNull(toString(`race`), '') AS g0,
         CASE WHEN if(match(trimBoth(ifNull(toString(`age`), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(trimBoth(ifNull(toString(`age`), ''))), NULL) IS NULL OR isNaN(if(match(trimBoth(ifNull(toString(`age`), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(trimBoth(ifNull(toString(`age`), ''))), NULL)) THEN toFloat64(17) ELSE least(greatest(if(match(trimBoth(ifNull(toString(`age`), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(trimBoth(ifNull(toString(`age`), ''))), NULL), toFloat64(17)), toFloat64(90)) END AS v,
         ifNull(toString(`occupation`), '') AS u,
         ifNull(toString(`race`), '') AS p0,
         lower(hex(MD5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', toString(lengthUTF8('p')), ':', 'p', toString(lengthUTF8(ifNull(toString(`occupation`), ''))), ':', ifNull(toString(`occupation`), ''), toString(lengthUTF8(ifNull(toString(`race`), ''))), ':', ifNull(toString(`race`), ''))))) AS ph,
         lower(hex(MD5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', toString(lengthUTF8('r')), ':', 'r', toString(lengthUTF8(ifNull(toString(`occupation`), ''))), ':', ifNull(toString(`occupation`), ''), toString(lengthUTF8(ifNull(toString(`race`), ''))), ':', ifNull(toString(`race`), ''), toString(lengthUTF8(ifNull(toString(`age`), ''))), ':', ifNull(toString(`age`), ''))))) AS rh
  FROM `adult`
      ) s
      GROUP BY u, p0
    ) kp
    GROUP BY u
  ) ku
) kt
GROUP BY g0, v;

-- mode-bounded
SELECT g0, count() AS n
FROM (
  SELECT arrayJoin(prows) AS t, tupleElement(t, 2) AS g0
  FROM (
    SELECT arrayJoin(arraySlice(arraySort(groupArray(tuple(ph, kept))), 1, 1)).2 AS prows
    FROM (
      SELECT u, any(ph) AS ph, arraySlice(arraySort(groupArray(tuple(rh, g0))), 1, 300) AS kept
      FROM (
      SELECT ifNull(toString(`education`), '') AS g0,
         ifNull(toString(`workclass`), '') AS u,
         lower(hex(MD5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', toString(lengthUTF8('p')), ':', 'p', toString(lengthUTF8(ifNull(toString(`workclass`), ''))), ':', ifNull(toString(`workclass`), ''))))) AS ph,
         lower(hex(MD5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', toString(lengthUTF8('r')), ':', 'r', toString(lengthUTF8(ifNull(toString(`workclass`), ''))), ':', ifNull(toString(`workclass`), ''), toString(lengthUTF8(ifNull(toString(`education`), ''))), ':', ifNull(toString(`education`), ''))))) AS rh
  FROM `adult`
      ) s
      GROUP BY u
    ) kp
    GROUP BY u
  ) ku
) kt
GROUP BY g0;

-- grid
SELECT g0, g1, count(*) AS n
FROM (
  SELECT CASE WHEN if(match(trimBoth(ifNull(toString(`age`), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(trimBoth(ifNull(toString(`age`), ''))), NULL) IS NOT NULL AND if(match(trimBoth(ifNull(toString(`age`), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(trimBoth(ifNull(toString(`age`), ''))), NULL) IS NOT NULL AND NOT isNaN(if(match(trimBoth(ifNull(toString(`age`), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(trimBoth(ifNull(toString(`age`), ''))), NULL)) AND NOT isNaN(if(match(trimBoth(ifNull(toString(`age`), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(trimBoth(ifNull(toString(`age`), ''))), NULL)) AND if(match(trimBoth(ifNull(toString(`age`), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(trimBoth(ifNull(toString(`age`), ''))), NULL) >= toFloat64(17) AND if(match(trimBoth(ifNull(toString(`age`), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(trimBoth(ifNull(toString(`age`), ''))), NULL) <= toFloat64(90) AND if(match(trimBoth(ifNull(toString(`age`), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(trimBoth(ifNull(toString(`age`), ''))), NULL) >= toFloat64(0) AND if(match(trimBoth(ifNull(toString(`age`), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(trimBoth(ifNull(toString(`age`), ''))), NULL) <= toFloat64(100) THEN CAST(CASE WHEN floor(((if(match(trimBoth(ifNull(toString(`age`), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(trimBoth(ifNull(toString(`age`), ''))), NULL) - toFloat64(17)) / (toFloat64(90) - toFloat64(17))) * toFloat64(8)) > toFloat64(7) THEN toFloat64(7) ELSE floor(((if(match(trimBoth(ifNull(toString(`age`), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(trimBoth(ifNull(toString(`age`), ''))), NULL) - toFloat64(17)) / (toFloat64(90) - toFloat64(17))) * toFloat64(8)) END AS BIGINT) ELSE -1 END AS g0, CASE WHEN if(match(trimBoth(ifNull(toString(`age`), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(trimBoth(ifNull(toString(`age`), ''))), NULL) IS NOT NULL AND if(match(trimBoth(ifNull(toString(`age`), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(trimBoth(ifNull(toString(`age`), ''))), NULL) IS NOT NULL AND NOT isNaN(if(match(trimBoth(ifNull(toString(`age`), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(trimBoth(ifNull(toString(`age`), ''))), NULL)) AND NOT isNaN(if(match(trimBoth(ifNull(toString(`age`), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(trimBoth(ifNull(toString(`age`), ''))), NULL)) AND if(match(trimBoth(ifNull(toString(`age`), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(trimBoth(ifNull(toString(`age`), ''))), NULL) >= toFloat64(17) AND if(match(trimBoth(ifNull(toString(`age`), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(trimBoth(ifNull(toString(`age`), ''))), NULL) <= toFloat64(90) AND if(match(trimBoth(ifNull(toString(`age`), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(trimBoth(ifNull(toString(`age`), ''))), NULL) >= toFloat64(0) AND if(match(trimBoth(ifNull(toString(`age`), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(trimBoth(ifNull(toString(`age`), ''))), NULL) <= toFloat64(100) THEN CAST(CASE WHEN floor(((if(match(trimBoth(ifNull(toString(`age`), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(trimBoth(ifNull(toString(`age`), ''))), NULL) - toFloat64(0)) / (toFloat64(100) - toFloat64(0))) * toFloat64(8)) > toFloat64(7) THEN toFloat64(7) ELSE floor(((if(match(trimBoth(ifNull(toString(`age`), '')), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(trimBoth(ifNull(toString(`age`), ''))), NULL) - toFloat64(0)) / (toFloat64(100) - toFloat64(0))) * toFloat64(8)) END AS BIGINT) ELSE -1 END AS g1
  FROM `adult`
) s
GROUP BY g0, g1;
