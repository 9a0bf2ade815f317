-- frequency
SELECT _privspec_c0 AS c0, _privspec_c1 AS c1, _privspec_c2 AS c2, _privspec_n AS n
FROM (
SELECT ifNull(toString(`sex`), '') AS _privspec_c0, ifNull(toString(`age`), '') AS _privspec_c1, ifNull(toString(`marital-status`), '') AS _privspec_c2, count() AS _privspec_n
FROM `adult`
GROUP BY _privspec_c0, _privspec_c1, _privspec_c2
) _privspec_answer;

-- count-where
SELECT _privspec_g0 AS g0, _privspec_n AS n
FROM (
SELECT ifNull(toString(`sex`), '') AS _privspec_g0, count() AS _privspec_n
FROM `adult`
WHERE COALESCE((if(match(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(replaceRegexpOne(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^[+]', '')), NULL) >= toFloat64(30) AND if(match(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(replaceRegexpOne(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^[+]', '')), NULL) <= toFloat64(40)), 1 = 0) AND COALESCE((ifNull(toString(`race`), '') = 'White' OR ifNull(toString(`race`), '') = 'Black'), 1 = 0) AND COALESCE((ifNull(toString(`education`), '') >= 'B' AND ifNull(toString(`education`), '') <= 'M'), 1 = 0)
GROUP BY _privspec_g0
) _privspec_answer;

-- sum-bounded
SELECT _privspec_g0 AS g0, _privspec_v AS v, _privspec_n AS n
FROM (
SELECT _privspec_g0, _privspec_v, count() AS _privspec_n
FROM (
  SELECT arrayJoin(_privspec_prows) AS _privspec_t, tupleElement(_privspec_t, 2) AS _privspec_g0, tupleElement(_privspec_t, 3) AS _privspec_v
  FROM (
    SELECT arrayJoin(arraySlice(arraySort(groupArray(tuple(_privspec_pkey, _privspec_kept))), 1, 2)) AS _privspec_pk, tupleElement(_privspec_pk, 2) AS _privspec_prows
    FROM (
      SELECT _privspec_u, min(_privspec_spkey) AS _privspec_pkey, arraySlice(arraySort(groupArrayArray(_privspec_skept)), 1, 40) AS _privspec_kept
      FROM (
        WITH ifNull(toString(`race`), '') AS _privspec_g0,
          CASE WHEN if(match(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(replaceRegexpOne(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^[+]', '')), NULL) IS NULL OR isNaN(if(match(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(replaceRegexpOne(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^[+]', '')), NULL)) THEN toFloat64(17) ELSE least(greatest(if(match(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(replaceRegexpOne(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^[+]', '')), NULL), toFloat64(17)), toFloat64(90)) END AS _privspec_v,
          ifNull(toString(`occupation`), '') AS _privspec_u,
          ifNull(toString(`race`), '') AS _privspec_p0,
          lower(hex(MD5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', toString(lengthUTF8('p')), ':', 'p', toString(lengthUTF8(ifNull(toString(`occupation`), ''))), ':', ifNull(toString(`occupation`), ''), toString(lengthUTF8(ifNull(toString(`race`), ''))), ':', ifNull(toString(`race`), ''))))) AS _privspec_ph,
          lower(hex(MD5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', toString(lengthUTF8('r')), ':', 'r', toString(lengthUTF8(ifNull(toString(`occupation`), ''))), ':', ifNull(toString(`occupation`), ''), toString(lengthUTF8(ifNull(toString(`race`), ''))), ':', ifNull(toString(`race`), ''), toString(lengthUTF8(ifNull(toString(`age`), ''))), ':', ifNull(toString(`age`), ''))))) AS _privspec_rh
        SELECT _privspec_u, _privspec_p0, min(_privspec_ph) AS _privspec_spkey, arraySlice(arraySort(groupArray(tuple(_privspec_rh, _privspec_g0, _privspec_v))), 1, 40) AS _privspec_skept
        FROM `adult`
        GROUP BY _privspec_u, _privspec_p0
      ) _privspec_ks
      GROUP BY _privspec_u, _privspec_p0
    ) _privspec_kp
    GROUP BY _privspec_u
  ) _privspec_ku
) _privspec_kt
GROUP BY _privspec_g0, _privspec_v
) _privspec_answer
SETTINGS distributed_group_by_no_merge = 1;

-- mode-bounded
SELECT _privspec_g0 AS g0, _privspec_n AS n
FROM (
SELECT _privspec_g0, count() AS _privspec_n
FROM (
  SELECT arrayJoin(_privspec_prows) AS _privspec_t, tupleElement(_privspec_t, 2) AS _privspec_g0
  FROM (
    SELECT arrayJoin(arraySlice(arraySort(groupArray(tuple(_privspec_pkey, _privspec_kept))), 1, 1)) AS _privspec_pk, tupleElement(_privspec_pk, 2) AS _privspec_prows
    FROM (
      SELECT _privspec_u, min(_privspec_spkey) AS _privspec_pkey, arraySlice(arraySort(groupArrayArray(_privspec_skept)), 1, 300) AS _privspec_kept
      FROM (
        WITH ifNull(toString(`education`), '') AS _privspec_g0,
          ifNull(toString(`workclass`), '') AS _privspec_u,
          lower(hex(MD5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', toString(lengthUTF8('p')), ':', 'p', toString(lengthUTF8(ifNull(toString(`workclass`), ''))), ':', ifNull(toString(`workclass`), ''))))) AS _privspec_ph,
          lower(hex(MD5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', toString(lengthUTF8('r')), ':', 'r', toString(lengthUTF8(ifNull(toString(`workclass`), ''))), ':', ifNull(toString(`workclass`), ''), toString(lengthUTF8(ifNull(toString(`education`), ''))), ':', ifNull(toString(`education`), ''))))) AS _privspec_rh
        SELECT _privspec_u, min(_privspec_ph) AS _privspec_spkey, arraySlice(arraySort(groupArray(tuple(_privspec_rh, _privspec_g0))), 1, 300) AS _privspec_skept
        FROM `adult`
        GROUP BY _privspec_u
      ) _privspec_ks
      GROUP BY _privspec_u
    ) _privspec_kp
    GROUP BY _privspec_u
  ) _privspec_ku
) _privspec_kt
GROUP BY _privspec_g0
) _privspec_answer
SETTINGS distributed_group_by_no_merge = 1;

-- grid
SELECT _privspec_g0 AS g0, _privspec_g1 AS g1, _privspec_n AS n
FROM (
SELECT CASE WHEN if(match(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(replaceRegexpOne(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^[+]', '')), NULL) IS NOT NULL AND if(match(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(replaceRegexpOne(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^[+]', '')), NULL) IS NOT NULL AND NOT isNaN(if(match(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(replaceRegexpOne(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^[+]', '')), NULL)) AND NOT isNaN(if(match(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(replaceRegexpOne(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^[+]', '')), NULL)) AND if(match(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(replaceRegexpOne(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^[+]', '')), NULL) >= toFloat64(17) AND if(match(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(replaceRegexpOne(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^[+]', '')), NULL) <= toFloat64(90) AND if(match(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(replaceRegexpOne(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^[+]', '')), NULL) >= toFloat64(0) AND if(match(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(replaceRegexpOne(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^[+]', '')), NULL) <= toFloat64(100) THEN CAST(CASE WHEN floor(((if(match(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(replaceRegexpOne(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^[+]', '')), NULL) - toFloat64(17)) / (toFloat64(90) - toFloat64(17))) * toFloat64(8)) > toFloat64(7) THEN toFloat64(7) ELSE floor(((if(match(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(replaceRegexpOne(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^[+]', '')), NULL) - toFloat64(17)) / (toFloat64(90) - toFloat64(17))) * toFloat64(8)) END AS BIGINT) ELSE -1 END AS _privspec_g0, CASE WHEN if(match(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(replaceRegexpOne(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^[+]', '')), NULL) IS NOT NULL AND if(match(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(replaceRegexpOne(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^[+]', '')), NULL) IS NOT NULL AND NOT isNaN(if(match(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(replaceRegexpOne(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^[+]', '')), NULL)) AND NOT isNaN(if(match(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(replaceRegexpOne(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^[+]', '')), NULL)) AND if(match(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(replaceRegexpOne(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^[+]', '')), NULL) >= toFloat64(17) AND if(match(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(replaceRegexpOne(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^[+]', '')), NULL) <= toFloat64(90) AND if(match(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(replaceRegexpOne(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^[+]', '')), NULL) >= toFloat64(0) AND if(match(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(replaceRegexpOne(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^[+]', '')), NULL) <= toFloat64(100) THEN CAST(CASE WHEN floor(((if(match(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(replaceRegexpOne(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^[+]', '')), NULL) - toFloat64(0)) / (toFloat64(100) - toFloat64(0))) * toFloat64(8)) > toFloat64(7) THEN toFloat64(7) ELSE floor(((if(match(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$'), toFloat64OrNull(replaceRegexpOne(replaceRegexpAll(ifNull(toString(`age`), ''), '^ +| +$', ''), '^[+]', '')), NULL) - toFloat64(0)) / (toFloat64(100) - toFloat64(0))) * toFloat64(8)) END AS BIGINT) ELSE -1 END AS _privspec_g1, count() AS _privspec_n
FROM `adult`
GROUP BY _privspec_g0, _privspec_g1
) _privspec_answer;
