import { bigint, foreignKey, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { staff } from './staff';

/* The encrypted file store (migration 0010). */

export const storedFiles = pgTable(
  'stored_files',
  {
    cid: text().primaryKey(),
    // You can use { mode: 'bigint' } if numbers are exceeding js number limitations
    size: bigint({ mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    readPermission: text('read_permission').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    foreignKey({
      columns: [t.createdBy],
      foreignColumns: [staff.id],
      name: 'stored_files_created_by_fkey',
    }).onDelete('set null'),
  ],
);
