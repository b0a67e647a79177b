import type pg from 'pg';

/**
 * Vaultdesk's two database roles. The owner runs the migrations and owns every table and
 * function (the embedded database's owner is its superuser `postgres`); the application role,
 * which the API and worker pools use, owns nothing and holds only what the application needs:
 * it cannot disable triggers, change `session_replication_role`, alter, drop or truncate a table,
 * and writes the audit trail only through `audit_write()` (migration 0037).
 */
export const APP_ROLE = 'vaultdesk_app';

/** The schemas the application reads and writes: the tables, and pg-boss's job tables. */
const APP_SCHEMAS = ['public', 'pgboss'] as const;

/** The role a connection URL signs in as. */
export const roleOf = (url: string) => decodeURIComponent(new URL(url).username);

/** `url` signed in as `role` with `password` instead. */
export const urlAs = (url: string, role: string, password: string) => {
  const u = new URL(url);
  u.username = encodeURIComponent(role);
  u.password = encodeURIComponent(password);
  return u.toString();
};

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * Creates the application role (or brings an existing one back to these attributes and this
 * password), run by a role that may create roles. No superuser, no role or database creation, no
 * row-level-security bypass, no replication.
 */
export async function ensureAppRole(client: pg.ClientBase, role: string, password: string) {
  const attributes = `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS NOREPLICATION PASSWORD ${literal(password)}`;
  const { rowCount } = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  try {
    await client.query(`${rowCount ? 'ALTER' : 'CREATE'} ROLE ${ident(role)} ${attributes}`);
  } catch (err) {
    // Two processes creating it at once (a cluster's roles are shared by its databases).
    if ((err as { code?: string }).code !== '42710') throw err;
    await client.query(`ALTER ROLE ${ident(role)} ${attributes}`);
  }
}

/**
 * What the application role may do in the current database, given by the owner after every
 * migration (idempotent): read and write every table but audit_log (read only: its rows come
 * through audit_write()), use the sequences and call the functions; no TRUNCATE, REFERENCES or
 * TRIGGER, no DDL. The owner's default privileges give the same on tables and sequences it
 * creates later (a new migration), so a migration applied by a console command works for the
 * application before the next start re-runs this.
 */
export async function grantAppRole(client: pg.ClientBase | pg.Pool, role: string) {
  const r = ident(role);
  const { rows } = await client.query<{ name: string }>(
    'SELECT nspname AS name FROM pg_namespace WHERE nspname = ANY($1::text[])',
    [APP_SCHEMAS],
  );
  const statements = [`GRANT CONNECT, TEMPORARY ON DATABASE ${ident(await currentDatabase(client))} TO ${r}`];
  for (const { name } of rows) {
    const s = ident(name);
    statements.push(
      `GRANT USAGE ON SCHEMA ${s} TO ${r}`,
      `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${s} TO ${r}`,
      `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${s} TO ${r}`,
      `GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${s} TO ${r}`,
      `ALTER DEFAULT PRIVILEGES IN SCHEMA ${s} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${r}`,
      `ALTER DEFAULT PRIVILEGES IN SCHEMA ${s} GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${r}`,
    );
  }
  statements.push(`REVOKE INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON audit_log FROM ${r}`);
  // pg-boss creates a partition table per new queue (CREATE TABLE, ALTER TABLE ... ATTACH): run as
  // the owner, so the application role can create a queue without holding any DDL right itself.
  const { rowCount } = await client.query(
    `SELECT 1 FROM pg_proc WHERE oid = to_regprocedure('pgboss.create_queue(text, json)')`,
  );
  if (rowCount)
    statements.push(
      `ALTER FUNCTION pgboss.create_queue(text, json) SECURITY DEFINER SET search_path = pgboss, pg_temp`,
    );
  await client.query(statements.join(';\n'));
}

async function currentDatabase(client: pg.ClientBase | pg.Pool) {
  const { rows } = await client.query<{ name: string }>('SELECT current_database() AS name');
  return rows[0]!.name;
}
