/** The password-file reader node-postgres uses (the `pgpass` package, which ships no types). */
declare module 'pgpass' {
  interface ConnectionInfo {
    host: string;
    port: number;
    database: string;
    user: string;
  }
  function pgpass(connection: ConnectionInfo, callback: (password: string | undefined) => void): void;
  export default pgpass;
}
