import { sql } from 'drizzle-orm';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { toIso } from '../../timestamps/iso';
import { customerFor, trimAmount } from './product-requests-shared';

type Body = { amountReceived: string; currency: string; receivingAddress: string; transactionHash: string };

/**
 * A funding request: the customer says a transfer reached an address. Recorded for compliance's
 * Funding Requests screen (searched by e-mail, hash or address); it credits nothing by itself.
 */
export async function fileFundingRequest(db: Db, customerId: string, body: Body, ctx: RequestContext) {
  const amount = trimAmount(body.amountReceived);
  const hash = body.transactionHash.startsWith('0x') ? body.transactionHash : `0x${body.transactionHash}`;
  return db.transaction(async (tx) => {
    await customerFor(tx, customerId);
    const {
      rows: [row],
    } = await tx.execute<{ id: string; created_at: string }>(sql`
      INSERT INTO funding_requests (user_id, amount_received, currency, receiving_address, transaction_hash)
      VALUES (${customerId}, ${amount}::numeric, ${body.currency}, ${body.receivingAddress}, ${hash})
      RETURNING id, created_at`);
    const out = {
      fundingRequestId: row!.id,
      customerId,
      amountReceived: amount,
      currency: body.currency,
      receivingAddress: body.receivingAddress,
      transactionHash: hash,
      createdAt: toIso(row!.created_at),
    };
    await writeAudit(tx, ctx, {
      action: 'product.funding-request.file',
      targetType: 'funding_request',
      targetId: row!.id,
      after: out,
    });
    return out;
  });
}
