import { sql } from 'drizzle-orm';
import { check, foreignKey, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './customers';
import { staff } from './staff';

/**
 * The shop-agent KYC collected on the User Type screen (migrations 0008 and 0011). Each picture is a file
 * in the encrypted store: its CID and its key, kept here and nowhere else.
 */
export const agentKyc = pgTable(
  'agent_kyc',
  {
    userId: uuid('user_id').primaryKey(),
    idcardType: text('idcard_type'),
    idcardCid: text('idcard_cid'),
    idcardKey: text('idcard_key'),
    selfieCid: text('selfie_cid'),
    selfieKey: text('selfie_key'),
    shopCid: text('shop_cid'),
    shopKey: text('shop_key'),
    storeState: text('store_state'),
    updatedBy: uuid('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'agent_kyc_user_id_fkey', columns: [t.userId], foreignColumns: [users.id] }),
    foreignKey({ name: 'agent_kyc_updated_by_fkey', columns: [t.updatedBy], foreignColumns: [staff.id] }).onDelete(
      'set null',
    ),
    check(
      'agent_kyc_idcard_type_check',
      sql`idcard_type = ANY (ARRAY['National_ID'::text, 'International_ID'::text, 'Drivers_License'::text])`,
    ),
  ],
);
