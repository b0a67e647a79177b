import { sql } from 'drizzle-orm';
import type { Db } from '@vaultdesk/db';
import { pageOffset, pagePayload } from '../../lists/page';
import { clientColumns, toRecord, type ClientRow } from './integrations-shared';

/** The service clients, active first then newest first, one page. A read: not audited, as the other lists. */
export async function listClients(db: Db, viewerId: string | null, page: number, pageSize: number) {
  // Service clients are a handful: a plain page with an exact count.
  const [{ rows }, { rows: total }] = await Promise.all([
    db.execute<ClientRow>(sql`
      SELECT ${clientColumns(viewerId)} FROM service_clients c
       ORDER BY c.status = 'revoked', c.created_at DESC, c.id LIMIT ${pageSize} OFFSET ${pageOffset({ page, pageSize })}`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM service_clients`),
  ]);
  return pagePayload({ page, pageSize }, rows.map(toRecord), total[0]!.n);
}
