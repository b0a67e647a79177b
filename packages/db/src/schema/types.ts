import { customType, numeric } from 'drizzle-orm/pg-core';

export const citext = customType<{ data: string }>({ dataType: () => 'citext' });

/** Money: numeric(38,18), a decimal string in TypeScript, never a float. */
export const money = (name: string) => numeric(name, { precision: 38, scale: 18 });

/** A transaction id that never wraps (`pg_current_xact_id()`), read as text. */
export const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/** A snapshot of which transactions were visible (`pg_current_snapshot()`), read as text. */
export const pgSnapshot = customType<{ data: string }>({ dataType: () => 'pg_snapshot' });

/** Raw bytes (the audit chain's hashes). */
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
