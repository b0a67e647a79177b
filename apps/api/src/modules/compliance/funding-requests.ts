import { sql } from 'drizzle-orm';
import { FUNDING_REQUEST_LIMIT, type FundingRequest } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { bound } from '../../queries/sql-filter';
import { fundingFilter } from './compliance-filters';
import { isoSql } from '../../timestamps/iso';
import { money, rows } from './compliance-rows';

/** The Advanced search over funding requests (by e-mail, hash or receiving address), newest first. */
export async function fundingRequests(
  db: Db,
  q: { email?: string; transactionHash?: string; receivingAddress?: string },
): Promise<{ records: FundingRequest[] }> {
  const cond = bound(fundingFilter(q));
  const found = await rows<{
    id: string;
    email: string;
    amount_received: string;
    currency: string;
    receiving_address: string;
    transaction_hash: string;
    created_at: string;
    updated_at: string;
  }>(
    db,
    sql`
    SELECT f.id, u.email, ${money('f.amount_received')} AS amount_received, f.currency, f.receiving_address, f.transaction_hash,
           ${isoSql('f.created_at')} AS created_at, ${isoSql('f.updated_at')} AS updated_at
      FROM funding_requests f JOIN users u ON u.id = f.user_id
     WHERE ${cond}
     ORDER BY f.created_at DESC, f.id LIMIT ${FUNDING_REQUEST_LIMIT}`,
  );
  return {
    records: found.map((r) => ({
      _id: r.id,
      userEmail: r.email,
      amountReceived: r.amount_received,
      currency: r.currency,
      receivingAddress: r.receiving_address,
      transactionHash: r.transaction_hash,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    })),
  };
}
