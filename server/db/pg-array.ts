/**
 * A Postgres array literal, passed as one text parameter and cast in SQL (`$1::text[]`): the same on
 * PGlite and node-postgres, and one parameter however many elements, so a batch insert stays one
 * short statement.
 */
export function pgArray(values: Array<string | null>): string {
  return `{${values.map((value) => (value === null ? "NULL" : `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`)).join(",")}}`;
}
