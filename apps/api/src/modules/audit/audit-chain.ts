import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { AuditChainProblem, AuditChainReport } from '@vaultdesk/contract';
import { conflict } from '../../http/errors';

/** Rows read per round trip: a few MB of memory whatever the trail's size. */
export const VERIFY_BATCH = 5000;
export const GENESIS = '00'.repeat(32);

export type ChainRow = {
  seq: string;
  id: string;
  at_us: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: string | null;
  after: string | null;
  ip: string | null;
  lon: string | null;
  lat: string | null;
  user_agent: string | null;
  prev: string | null;
  hash: string | null;
};

/**
 * The parts of a row as PostgreSQL's built-in casts render them (never a function of ours, which
 * whoever can change the rows could also replace): the same renderings audit_log_canonical()
 * (migration 0024) uses, independent of the session's TimeZone, DateStyle and extra_float_digits.
 */
export const ROW_PARTS = `chain_seq::text AS seq, id::text AS id, (extract(epoch FROM at) * 1000000)::bigint::text AS at_us,
  actor_id::text AS actor_id, actor_email::text AS actor_email, action, target_type, target_id,
  before::text AS before, after::text AS after, ip::text AS ip,
  encode(float8send(longitude), 'hex') AS lon, encode(float8send(latitude), 'hex') AS lat, user_agent,
  encode(prev_hash, 'hex') AS prev, encode(hash, 'hex') AS hash`;

const field = (v: string | null) => (v === null ? 'N' : `S${Buffer.byteLength(v, 'utf8')}:${v}`);

/** SHA-256 over the canonical text of a row, as the sealing trigger computes it. */
export function rowHash(r: ChainRow): string {
  const text =
    'vaultdesk-audit-v1' +
    [
      r.seq,
      r.id,
      r.at_us,
      r.actor_id,
      r.actor_email,
      r.action,
      r.target_type,
      r.target_id,
      r.before,
      r.after,
      r.ip,
      r.lon,
      r.lat,
      r.user_agent,
      r.prev,
    ]
      .map(field)
      .join('');
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * Walks the whole chain in chain order, in batches of `batch` rows, inside one REPEATABLE READ
 * snapshot (rows committed meanwhile are not half-seen), and stops at the first row that does
 * not match. A row's content is checked against its own hash, its link against the hash of the
 * row before it, its position against the one before it (a gap is a removed row); at the end,
 * every row of the table must have been in the chain (a row written with the triggers off has
 * no link). What a hash chain cannot show by itself: rows removed from its very end, or a chain
 * recomputed from an edited row onwards by someone who can write the table; the head printed
 * with the answer is what to keep elsewhere to catch those.
 */
export async function verifyAuditChain(
  pool: pg.Pool,
  opts: { batch?: number; exclusive?: boolean } = {},
): Promise<AuditChainReport> {
  const batch = opts.batch ?? VERIFY_BATCH;
  const started = performance.now();
  const client = await pool.connect();
  let checked = 0;
  let prevSeq = 0;
  let prevHash = GENESIS;
  let prevId: string | null = null;
  let problem: AuditChainProblem | null = null;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    if (opts.exclusive) {
      // One walk at a time across every API instance: each holds a connection and a snapshot for its whole length.
      const {
        rows: [lock],
      } = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_xact_lock(hashtext('audit_log_verify')) AS ok`);
      if (!lock!.ok)
        throw conflict('The audit chain is being verified already: try again when that check has finished');
    }
    walk: for (;;) {
      const { rows } = await client.query<ChainRow>(
        `SELECT ${ROW_PARTS} FROM audit_log WHERE chain_seq IS NOT NULL AND chain_seq > $1 ORDER BY chain_seq LIMIT $2`,
        [prevSeq, batch],
      );
      for (const r of rows) {
        const seq = Number(r.seq);
        if (seq !== prevSeq + 1) {
          problem =
            seq > prevSeq + 1
              ? {
                  rowId: r.id,
                  chainSeq: seq,
                  reason: 'missing-row',
                  detail: `chain position${seq - prevSeq > 2 ? 's' : ''} ${seq - prevSeq > 2 ? `${prevSeq + 1}-${seq - 1}` : prevSeq + 1} missing before row ${r.id}${prevId ? ` (after row ${prevId})` : " (the chain's first rows)"}`,
                }
              : {
                  rowId: r.id,
                  chainSeq: seq,
                  reason: 'previous-hash-broken',
                  detail: `row ${r.id} repeats chain position ${seq}`,
                };
          break walk;
        }
        if (r.prev !== prevHash) {
          problem = {
            rowId: r.id,
            chainSeq: seq,
            reason: 'previous-hash-broken',
            detail: prevId
              ? `row ${r.id} does not link to row ${prevId}: the previous hash it carries is not that row's hash`
              : `row ${r.id}, the chain's first, does not start from the genesis hash`,
          };
          break walk;
        }
        if (r.hash === null || rowHash(r) !== r.hash) {
          problem = {
            rowId: r.id,
            chainSeq: seq,
            reason: 'content-changed',
            detail: `row ${r.id}: its content does not match its hash`,
          };
          break walk;
        }
        checked++;
        prevSeq = seq;
        prevHash = r.hash;
        prevId = r.id;
      }
      if (rows.length < batch) break;
    }
    if (!problem) {
      const {
        rows: [outside],
      } = await client.query<{ id: string; n: number }>(
        `SELECT min(id)::text AS id, count(*)::int AS n FROM audit_log WHERE chain_seq IS NULL`,
      );
      if (outside!.n > 0) {
        problem = {
          rowId: outside!.id,
          chainSeq: null,
          reason: 'not-in-chain',
          detail: `row ${outside!.id}${outside!.n > 1 ? ` and ${outside!.n - 1} other row${outside!.n > 2 ? 's' : ''}` : ''} carry no link: written with the chain's triggers off`,
        };
      }
    }
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
  const ms = Math.round(performance.now() - started);
  const head = prevSeq > 0 ? { chainSeq: prevSeq, rowId: prevId!, hash: prevHash } : null;
  if (!problem)
    return { intact: true, checked, message: `Audit chain intact: ${checked} rows checked`, problem: null, head, ms };
  return {
    intact: false,
    checked,
    message: `Audit chain broken at row ${problem.rowId} (${REASON_TEXT[problem.reason]}): ${problem.detail}`,
    problem,
    head: null,
    ms,
  };
}

const REASON_TEXT: Record<AuditChainProblem['reason'], string> = {
  'content-changed': 'content changed',
  'previous-hash-broken': 'previous hash broken',
  'missing-row': 'missing row',
  'not-in-chain': 'not in the chain',
};
