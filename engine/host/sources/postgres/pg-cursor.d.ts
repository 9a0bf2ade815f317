/** The part of `pg-cursor` (node-postgres's cursor, which ships no types) that postgres-client.ts uses. */
declare module 'pg-cursor' {
  import type { CustomTypesConfig, Submittable } from 'pg';
  export default class Cursor implements Submittable {
    constructor(text: string, values?: readonly unknown[], config?: { rowMode?: 'array'; types?: CustomTypesConfig });
    submit: Submittable['submit'];
    read(rows: number): Promise<unknown[]>;
    close(): Promise<void>;
  }
}
