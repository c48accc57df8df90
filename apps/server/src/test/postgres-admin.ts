import pg from "pg";

/**
 * Runs one statement on its own connection to the PostgreSQL server (`create database`, `drop
 * database`, `alter database … allow_connections`, `pg_terminate_backend`): the PostgreSQL-only
 * tests make and break their own databases with it.
 */
export async function runAdminQuery(adminUrl: string, query: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}
