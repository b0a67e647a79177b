import type { AuditQuery, AuditRecord } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { pageOffset, pagePayload } from '../../lists/page';
import type { Config } from '../../config/config';
import type { ObjectStore } from '../../files/object-store';
import { anchorSetup, writeAnchor } from './audit-anchors';

/**
 * The worker's scheduled anchoring (startWorker's `auditAnchor`): the rows since the last anchor,
 * or nothing to do; an instance with no chain or key says so in its log instead.
 */
export const auditAnchorJobFor = (db: Db, config: Config, objects: ObjectStore) => ({
  cron: config.auditAnchor.cron,
  run: async () => {
    const setup = anchorSetup(config);
    if (typeof setup === 'string') return `not anchored: ${setup}`;
    const anchor = await writeAnchor(db, config, objects, null);
    return anchor
      ? `anchor ${anchor.id}: rows up to ${anchor.headRowId} (chain position ${anchor.headSeq}), transaction ${anchor.txHash} on chain ${anchor.chainId}`
      : 'nothing new to anchor';
  },
});

export function createAuditService(db: Db) {
  return {
    async list(q: AuditQuery) {
      const where: string[] = [];
      const params: unknown[] = [];
      const add = (clause: string, value: unknown) => {
        params.push(value);
        where.push(clause.replace('?', `$${params.length}`));
      };
      // A literal prefix: LIKE's own wildcards (and its escape) in the filter match only themselves.
      if (q.action) add('action LIKE ?', `${q.action.replace(/[\\%_]/g, '\\$&')}%`);
      if (q.actor) add('actor_email = ?', q.actor);
      if (q.targetType) add('target_type = ?', q.targetType);
      if (q.targetId) add('target_id = ?', q.targetId);
      if (q.requestId) add('request_id = ?', q.requestId);
      if (q.start) add("at >= (?::date)::timestamp AT TIME ZONE 'UTC'", q.start);
      if (q.end) add("at < (?::date + 1)::timestamp AT TIME ZONE 'UTC'", q.end);
      const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const [{ rows }, total] = await Promise.all([
        db.$client.query(
          `SELECT id, at, actor_id, actor_email, action, target_type, target_id, before, after, host(ip) AS ip, longitude, latitude, request_id
             FROM audit_log ${filter} ORDER BY id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, q.pageSize, pageOffset(q)],
        ),
        db.$client.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log ${filter}`, params),
      ]);
      const totalRecords = total.rows[0]!.n;
      const records: AuditRecord[] = rows.map((r) => ({
        _id: String(r.id),
        at: r.at.toISOString(),
        actorId: r.actor_id,
        actorEmail: r.actor_email,
        action: r.action,
        targetType: r.target_type,
        targetId: r.target_id,
        before: r.before,
        after: r.after,
        ip: r.ip,
        longitude: r.longitude,
        latitude: r.latitude,
        requestId: r.request_id,
      }));
      return pagePayload(q, records, totalRecords);
    },
  };
}
