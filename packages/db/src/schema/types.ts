import { customType, numeric } from 'drizzle-orm/pg-core';

export const citext = customType<{ data: string }>({ dataType: () => 'citext' });

/** Money: numeric(38,18), a decimal string in TypeScript, never a float. */
export const money = (name: string) => numeric(name, { precision: 38, scale: 18 });

/** Raw bytes (the audit chain's hashes). */
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
