import { sql } from 'drizzle-orm';
import { LIVE_CHANNEL, type LiveTopic } from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';

/**
 * Tells every open live screen of `topic` (on every API instance) to refetch, at the commit of
 * `tx`: PostgreSQL sends the notification when the transaction commits, and not at all when it
 * rolls back. Identical notifications of one transaction are folded into one. Outside a
 * transaction (`db`) it is sent at once. The tables of the queues, Withdrawal Out and Users KYC
 * notify by trigger (migration 0030); call this for a change no trigger sees.
 */
export async function notifyLive(tx: Tx | Db, topic: LiveTopic) {
  await tx.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${topic})`);
}
