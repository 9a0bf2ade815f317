/**
 * The specs the streamed-release tests run on several sources: `from` is the dataset's source clause as the spec writes
 * it (`"adult.csv"`, `postgres table "privspec.adult"`), so the same releases run on a CSV, a Parquet file and a table.
 */

/** Adult with a generalize release and a PRAM release of the salary class (both files of one table, accepted). */
export const adultStreamSpec = (from: string): string => `dataset adult from ${from} {
  quasi sex, age, race
  sensitive education, "salary-class"
  insensitive workclass
}
hierarchy sex { "Male", "Female" -> "*" }
hierarchy age from "adult_hierarchy_age.csv"
hierarchy race from "adult_hierarchy_race.csv"
hierarchy "salary-class" { "<=50K", ">50K" -> "*" }
anonymity { k 5  suppression 0.02 }
release g: generalize  accept linked-releases "test fixture: both files of one table"
release p: pram "salary-class" retain 0.8
`;

/** Twelve patients with identifiers and an undeclared column, k 3: what must never leave a generalized file. */
export const smallStreamSpec = (from: string): string => `dataset d from ${from} {
  identifying id, name
  quasi age, sex
  sensitive diagnosis
}
hierarchy age { "20", "30" -> "20-39"  "40", "50", "60" -> "40-69"  "20-39", "40-69" -> "*" }
hierarchy sex { "M", "F" -> "*" }
anonymity { k 3  suppression 0.1 }
release g: generalize
`;
