-- release-explore
SELECT _privspec_g0 AS g0, _privspec_g1 AS g1, _privspec_g2 AS g2, _privspec_g3 AS g3, _privspec_n AS n
FROM (
SELECT _privspec_g0, _privspec_g1, _privspec_g2, _privspec_g3, count() AS _privspec_n
FROM (
  SELECT arrayJoin(_privspec_prows) AS _privspec_t, tupleElement(_privspec_t, 2) AS _privspec_g0, tupleElement(_privspec_t, 3) AS _privspec_g1, tupleElement(_privspec_t, 4) AS _privspec_g2, tupleElement(_privspec_t, 5) AS _privspec_g3
  FROM (
    SELECT arrayJoin(arraySlice(arraySort(groupArray(tuple(_privspec_pkey, _privspec_kept))), 1, 1)) AS _privspec_pk, tupleElement(_privspec_pk, 2) AS _privspec_prows
    FROM (
      SELECT _privspec_u, min(_privspec_spkey) AS _privspec_pkey, arraySlice(arraySort(groupArrayArray(_privspec_skept)), 1, 3) AS _privspec_kept
      FROM (
        WITH ifNull(toString(`age`), '') AS _privspec_g0,
          ifNull(toString(`sex`), '') AS _privspec_g1,
          ifNull(toString(`diagnosis`), '') AS _privspec_g2,
          ifNull(toString(`occupation`), '') AS _privspec_g3,
          ifNull(toString(`patient_id`), '') AS _privspec_u,
          lower(hex(MD5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', toString(lengthUTF8('p')), ':', 'p', toString(lengthUTF8(ifNull(toString(`patient_id`), ''))), ':', ifNull(toString(`patient_id`), ''))))) AS _privspec_ph,
          lower(hex(MD5(concat('0f1e2d3c4b5a69788796a5b4c3d2e1f0|', toString(lengthUTF8('r')), ':', 'r', toString(lengthUTF8(ifNull(toString(`patient_id`), ''))), ':', ifNull(toString(`patient_id`), ''), toString(lengthUTF8(ifNull(toString(`age`), ''))), ':', ifNull(toString(`age`), ''), toString(lengthUTF8(ifNull(toString(`sex`), ''))), ':', ifNull(toString(`sex`), ''), toString(lengthUTF8(ifNull(toString(`diagnosis`), ''))), ':', ifNull(toString(`diagnosis`), ''), toString(lengthUTF8(ifNull(toString(`occupation`), ''))), ':', ifNull(toString(`occupation`), ''))))) AS _privspec_rh
        SELECT _privspec_u, min(_privspec_ph) AS _privspec_spkey, arraySlice(arraySort(groupArray(tuple(_privspec_rh, _privspec_g0, _privspec_g1, _privspec_g2, _privspec_g3))), 1, 3) AS _privspec_skept
        FROM `visits`
        GROUP BY _privspec_u
      ) _privspec_ks
      GROUP BY _privspec_u
    ) _privspec_kp
    GROUP BY _privspec_u
  ) _privspec_ku
) _privspec_kt
GROUP BY _privspec_g0, _privspec_g1, _privspec_g2, _privspec_g3
) _privspec_answer
SETTINGS distributed_group_by_no_merge = 1;

-- release-explore-unbounded
SELECT _privspec_g0 AS g0, _privspec_g1 AS g1, _privspec_g2 AS g2, _privspec_g3 AS g3, _privspec_n AS n
FROM (
SELECT ifNull(toString(`age`), '') AS _privspec_g0, ifNull(toString(`sex`), '') AS _privspec_g1, ifNull(toString(`diagnosis`), '') AS _privspec_g2, ifNull(toString(`occupation`), '') AS _privspec_g3, count() AS _privspec_n
FROM `visits`
GROUP BY _privspec_g0, _privspec_g1, _privspec_g2, _privspec_g3
) _privspec_answer;
