import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Hash, Hex } from 'viem';
import {
  chainAnswers,
  createChainClient,
  LOCAL_ANCHOR_KEY,
  LOCAL_CHAIN_ID,
  readTransaction,
  type ChainClient,
} from '@vaultdesk/chain';
import { accountOf, sendDataToSelf } from '@vaultdesk/chain/write';
import type {
  AuditAnchor,
  AuditAnchorFinding,
  AuditAnchorsReport,
  AuditAnchorStatus,
  AuditChainReport,
} from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { Config } from '../../config/config';
import { readAll } from '../../files/file-store';
import type { ObjectStore } from '../../files/object-store';
import type { RequestContext } from '../../http/context';
import { AppError, conflict } from '../../http/errors';
import { GENESIS, ROW_PARTS, rowHash, verifyAuditChain, type ChainRow } from './audit-chain';

/** Rows one anchor covers at most: a backlog larger than this is anchored over several. */
export const ANCHOR_MAX_ROWS = 100_000;
/** Rows named per kind and anchor in an answer: the counts are always given in full. */
const NAMED_MAX = 1_000;
const FORMAT = 'vaultdesk-audit-anchor-v1';

/** What an anchor object holds: `body` is what is hashed (its digest is the chain transaction's data). */
type AnchorBody = {
  format: typeof FORMAT;
  anchor: number;
  /** The anchor before this one (its number and digest), null for the first. */
  previous: { anchor: number; digest: string } | null;
  /** The chain positions covered (both included) and the row ids among them. */
  fromSeq: number;
  toSeq: number;
  rowIds: { min: string; max: string };
  head: { chainSeq: number; rowId: string; hash: string };
  createdAt: string;
  chainId: number;
  /** The anchoring account: the transaction's sender and recipient. */
  account: string;
  /** Each covered row as [chain position, id, hash], in chain order. */
  rows: [number, string, string][];
};
type AnchorObject = {
  body: AnchorBody;
  digest: string;
  transaction: { chainId: number; hash: string; block: string };
};

const digestOf = (body: AnchorBody) => createHash('sha256').update(JSON.stringify(body), 'utf8').digest('hex');

/**
 * Where anchor n lives in the file store: under the database's name, so several databases (test
 * runs, a staging copy) can share one folder or bucket without their anchors colliding.
 */
export const anchorObjectKey = (database: string, n: number) =>
  `audit-anchors/${database.replace(/[^A-Za-z0-9_-]/g, '_')}/${n}.json`;

const databaseName = async (pool: pg.Pool | pg.PoolClient) =>
  (await pool.query<{ name: string }>('SELECT current_database() AS name')).rows[0]!.name;

/** The chain endpoints to anchor on and check against: the configured ones, or the local node's. */
export const anchorRpcUrls = (config: Pick<Config, 'chain'>): string[] =>
  config.chain.rpcUrls.length
    ? config.chain.rpcUrls
    : config.chain.local
      ? [config.chain.local.rpcUrl ?? `http://127.0.0.1:${config.chain.local.port}`]
      : [];

/** The chain, its endpoints and the signing key, or why anchoring cannot work on this instance. */
export function anchorSetup(
  config: Pick<Config, 'chain' | 'auditAnchor'>,
): { rpcUrls: string[]; chainId: number; key: Hex } | string {
  const chainId = config.chain.chainId;
  if (!config.chain.rpcUrls.length || chainId === null)
    return 'No chain is configured for anchors: set CHAIN_RPC_URLS (or run the local chain)';
  const key = config.auditAnchor.key ?? (chainId === LOCAL_CHAIN_ID ? (LOCAL_ANCHOR_KEY as Hex) : null);
  if (!key) return `AUDIT_ANCHOR_KEY is not set: anchors on chain ${chainId} need the anchoring account's key`;
  if (key.toLowerCase() === LOCAL_ANCHOR_KEY && chainId !== LOCAL_CHAIN_ID)
    return `AUDIT_ANCHOR_KEY is the local chain's public test key: it cannot anchor on chain ${chainId}`;
  return { rpcUrls: config.chain.rpcUrls, chainId, key };
}

type AnchorRow = {
  id: string;
  from_seq: string;
  head_seq: string;
  head_row_id: string;
  head_hash: string;
  row_count: number;
  object_key: string;
  digest: string;
  chain_id: number;
  tx_hash: string;
  block: string;
  /** A Date from the pool, text through drizzle's `execute`. */
  created_at: Date | string;
};
const toAnchor = (r: AnchorRow): AuditAnchor => ({
  id: Number(r.id),
  fromSeq: Number(r.from_seq),
  headSeq: Number(r.head_seq),
  headRowId: String(r.head_row_id),
  headHash: r.head_hash,
  rowCount: r.row_count,
  objectKey: r.object_key,
  digest: r.digest,
  chainId: r.chain_id,
  txHash: r.tx_hash,
  block: Number(r.block),
  createdAt: new Date(r.created_at).toISOString(),
});

/** The newest anchor (from the index), whether "Anchor now" can work here, and the schedule. */
export async function anchorStatus(db: Db, config: Pick<Config, 'chain' | 'auditAnchor'>): Promise<AuditAnchorStatus> {
  const { rows } = await db.$client.query<AnchorRow>(`SELECT * FROM audit_anchors ORDER BY id DESC LIMIT 1`);
  const setup = anchorSetup(config);
  return {
    latest: rows[0] ? toAnchor(rows[0]) : null,
    unavailable: typeof setup === 'string' ? setup : null,
    schedule: config.auditAnchor.cron,
  };
}

/**
 * Anchors the audit chain's head: the rows committed since the last anchor (at most
 * ANCHOR_MAX_ROWS), checked link by link first, are listed in an object whose SHA-256 is sent as
 * the data of a transaction on the configured chain; the object (with that transaction) goes to
 * the file store as audit-anchors/<database>/<n>.json and a row to the `audit_anchors` index. One
 * anchoring at a time (advisory lock). `ctx` given (Anchor now): the anchoring is audited in the
 * same transaction as the index row. Nothing new to anchor: null when scheduled (no ctx), 409 else.
 */
export async function writeAnchor(
  db: Db,
  config: Pick<Config, 'chain' | 'auditAnchor'>,
  objects: ObjectStore,
  ctx: RequestContext | null,
): Promise<AuditAnchor | null> {
  const setup = anchorSetup(config);
  if (typeof setup === 'string') throw conflict(setup);
  return db.transaction(async (tx) => {
    const {
      rows: [lock],
    } = await tx.execute<{ ok: boolean }>(sql`SELECT pg_try_advisory_xact_lock(hashtext('audit_log_anchor')) AS ok`);
    if (!lock!.ok) throw conflict('An anchor is being written already: try again when it is done');
    const {
      rows: [last],
    } = await tx.execute<AnchorRow>(sql`SELECT * FROM audit_anchors ORDER BY id DESC LIMIT 1`);
    const n = last ? Number(last.id) + 1 : 1;
    const prevSeq = last ? Number(last.head_seq) : 0;
    // One statement: one snapshot of the committed rows, whatever commits meanwhile.
    const { rows } = await tx.execute<ChainRow>(
      sql.raw(
        `SELECT ${ROW_PARTS} FROM audit_log WHERE chain_seq > ${prevSeq} ORDER BY chain_seq LIMIT ${ANCHOR_MAX_ROWS}`,
      ),
    );
    if (!rows.length) {
      if (!ctx) return null;
      throw conflict(
        `Nothing new to anchor: anchor ${n - 1} covers the trail up to row ${last!.head_row_id} (chain position ${prevSeq})`,
      );
    }
    // What is anchored must be a chain: an anchor over forged rows would vouch for them.
    let seq = prevSeq;
    let prev = last ? last.head_hash : GENESIS;
    for (const r of rows) {
      const broken =
        Number(r.seq) !== seq + 1
          ? `chain position ${seq + 1} is missing`
          : r.prev !== prev
            ? `row ${r.id} does not link to the row before it`
            : r.hash === null || rowHash(r) !== r.hash
              ? `row ${r.id}'s content does not match its hash`
              : null;
      if (broken) throw conflict(`Not anchored: the audit chain is broken (${broken}); run Verify`);
      seq++;
      prev = r.hash!;
    }
    const head = rows[rows.length - 1]!;
    const ids = rows.map((r) => BigInt(r.id));
    const body: AnchorBody = {
      format: FORMAT,
      anchor: n,
      previous: last ? { anchor: n - 1, digest: last.digest } : null,
      fromSeq: prevSeq + 1,
      toSeq: Number(head.seq),
      rowIds: {
        min: ids.reduce((a, b) => (b < a ? b : a)).toString(),
        max: ids.reduce((a, b) => (b > a ? b : a)).toString(),
      },
      head: { chainSeq: Number(head.seq), rowId: head.id, hash: head.hash! },
      createdAt: new Date().toISOString(),
      chainId: setup.chainId,
      account: accountOf(setup.key).toLowerCase(),
      rows: rows.map((r) => [Number(r.seq), r.id, r.hash!]),
    };
    const key = anchorObjectKey(await databaseName(db.$client), n);
    // Objects are written once. One already there whose body continues the last anchor was written by an
    // attempt whose index row was lost (a failed commit after the upload): it is taken as anchor n (Verify
    // checks it on chain like any other). Anything else there is not ours to overwrite.
    const found = await readAnchorObject(objects, key);
    let object: AnchorObject;
    if (found !== null) {
      const continues =
        found !== 'invalid' &&
        digestOf(found.body) === found.digest &&
        found.body.anchor === n &&
        found.body.fromSeq === prevSeq + 1 &&
        (found.body.previous?.digest ?? null) === (last?.digest ?? null) &&
        found.body.rows.every(([s, id, h]) => rows[s - prevSeq - 1]?.id === id && rows[s - prevSeq - 1]?.hash === h);
      if (!continues)
        throw conflict(`Not anchored: ${key} is in the file store already and does not continue this trail's anchors`);
      object = found;
    } else {
      const digest = digestOf(body);
      let sent: Awaited<ReturnType<typeof sendDataToSelf>>;
      try {
        sent = await sendDataToSelf(setup.rpcUrls, setup.chainId, setup.key, `0x${digest}`);
      } catch (err) {
        throw new AppError(
          'MAINTENANCE',
          `Not anchored: the chain ${setup.chainId} did not take the anchor's transaction (${err instanceof Error ? err.message.split('\n')[0] : String(err)}); try again shortly`,
        );
      }
      object = { body, digest, transaction: { chainId: setup.chainId, hash: sent.hash, block: sent.block.toString() } };
      await objects.put(key, Buffer.from(JSON.stringify(object), 'utf8'));
    }
    const { digest } = object;
    const covered = object.body;
    const {
      rows: [saved],
    } = await tx.execute<AnchorRow>(sql`
      INSERT INTO audit_anchors (id, from_seq, head_seq, head_row_id, head_hash, row_count, object_key, digest, chain_id, tx_hash, block)
      VALUES (${n}, ${covered.fromSeq}, ${covered.toSeq}, ${covered.head.rowId}::bigint, ${covered.head.hash}, ${covered.rows.length},
              ${key}, ${digest}, ${object.transaction.chainId}, ${object.transaction.hash}, ${object.transaction.block}::bigint)
      RETURNING *`);
    const anchor = toAnchor(saved!);
    if (ctx)
      await writeAudit(tx, ctx, {
        action: 'audit.anchor',
        targetType: 'audit_anchor',
        targetId: String(n),
        after: {
          fromSeq: anchor.fromSeq,
          headSeq: anchor.headSeq,
          headRowId: anchor.headRowId,
          headHash: anchor.headHash,
          objectKey: key,
          digest,
          chainId: anchor.chainId,
          txHash: anchor.txHash,
        },
      });
    return anchor;
  });
}

export const anchorMessage = (a: AuditAnchor) =>
  `Anchor ${a.id} written: rows up to ${a.headRowId} (chain position ${a.headSeq}), transaction ${a.txHash} on chain ${a.chainId}`;

/** Reads anchor objects by number from the file store; null when there is none of that number. */
async function readAnchorObject(objects: ObjectStore, key: string): Promise<AnchorObject | 'invalid' | null> {
  if (!(await objects.exists(key))) return null;
  try {
    const parsed = JSON.parse((await readAll(await objects.read(key))).toString('utf8')) as AnchorObject;
    if (
      parsed?.body?.format !== FORMAT ||
      !Array.isArray(parsed.body.rows) ||
      typeof parsed.digest !== 'string' ||
      typeof parsed.transaction?.hash !== 'string'
    )
      return 'invalid';
    return parsed;
  } catch {
    return 'invalid';
  }
}

type ChainCheck = { status: AuditAnchorFinding['chain']; detail: string | null };

/** The anchor's object against its transaction: the digest is the data, from and to the anchoring account. */
async function checkOnChain(
  client: ChainClient | null,
  chainState: { reachable: boolean | null; chainId: number | null },
  o: AnchorObject,
): Promise<ChainCheck> {
  if (!client) return { status: 'unreachable', detail: 'no chain is configured here to check it against' };
  if (chainState.reachable === false) return { status: 'unreachable', detail: 'the chain did not answer' };
  const found = /^0x[0-9a-fA-F]{64}$/.test(o.transaction.hash)
    ? await readTransaction(client, o.transaction.hash as Hash)
    : null;
  if (!found) {
    if (chainState.reachable === null) chainState.reachable = await chainAnswers(client);
    if (!chainState.reachable) return { status: 'unreachable', detail: 'the chain did not answer' };
    // The local development node keeps its state in memory: after a restart it knows none of the
    // anchors sent before, which proves nothing either way (its key is public anyway).
    if (o.body.chainId === LOCAL_CHAIN_ID)
      return {
        status: 'unreachable',
        detail: `the local chain does not have the transaction ${o.transaction.hash} (it forgets them when it restarts)`,
      };
    return { status: 'not-found', detail: `the chain has no mined transaction ${o.transaction.hash}` };
  }
  chainState.reachable = true;
  chainState.chainId ??= await client.getChainId().catch(() => null);
  const { tx, receipt } = found;
  if (chainState.chainId !== o.body.chainId)
    return {
      status: 'mismatch',
      detail: `the anchor names chain ${o.body.chainId}, this chain is ${chainState.chainId}`,
    };
  if (tx.input.toLowerCase() !== `0x${o.digest}`.toLowerCase())
    return {
      status: 'mismatch',
      detail: `the object's digest is not the data of its transaction ${o.transaction.hash}: the object was changed`,
    };
  if (tx.from.toLowerCase() !== o.body.account.toLowerCase() || tx.to?.toLowerCase() !== o.body.account.toLowerCase())
    return {
      status: 'mismatch',
      detail: `the transaction ${o.transaction.hash} is not from the anchoring account ${o.body.account} to itself`,
    };
  if (receipt.status !== 'success')
    return { status: 'mismatch', detail: `the transaction ${o.transaction.hash} reverted` };
  return { status: 'confirmed', detail: null };
}

const CHUNK = 5_000;

/** The rows against one anchor's list: deleted (listed, gone), re-hashed (hash or position differs), inserted. */
async function compareRows(client: pg.PoolClient, body: AnchorBody) {
  const listed = new Map(body.rows.map(([s, id, h]) => [id, { seq: s, hash: h }]));
  const deleted: string[] = [];
  const rehashed: string[] = [];
  const inserted: string[] = [];
  for (let i = 0; i < body.rows.length; i += CHUNK) {
    const part = body.rows.slice(i, i + CHUNK);
    const from = i === 0 ? body.fromSeq : part[0]![0];
    const to = i + CHUNK >= body.rows.length ? body.toSeq : part[part.length - 1]![0];
    const { rows } = await client.query<{ id: string; seq: string | null; hash: string | null }>(
      `SELECT id::text AS id, chain_seq::text AS seq, encode(hash, 'hex') AS hash FROM audit_log
        WHERE id = ANY($1::bigint[]) OR chain_seq BETWEEN $2 AND $3`,
      [part.map(([, id]) => id), from, to],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const [s, id, h] of part) {
      const r = byId.get(id);
      if (!r) deleted.push(id);
      else if (r.hash !== h || Number(r.seq) !== s) rehashed.push(id);
    }
    for (const r of rows) if (r.seq !== null && !listed.has(r.id) && Number(r.seq) >= from) inserted.push(r.id);
  }
  const byNumber = (a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : 1);
  return { deleted, rehashed, inserted: [...new Set(inserted)].sort(byNumber) };
}

const list = (ids: string[]) =>
  ids.length > 20 ? `${ids.slice(0, 20).join(', ')} and ${ids.length - 20} more (${ids.length})` : ids.join(', ');

/**
 * Checks the rows against every anchor: each object in the file store (audit-anchors/<database>/1.json,
 * 2.json, ...; numbers the index lists are looked for too) is checked against its own digest and
 * against its transaction on the chain, then its rows against the table: rows it lists that are
 * gone (deleted), whose hash or position differs (re-hashed), and rows in its range of chain
 * positions it does not list (inserted). A chain that does not answer is said, and the objects are
 * still compared. The index table is trusted for nothing but where to look.
 */
export async function verifyAnchors(
  pool: pg.Pool,
  objects: ObjectStore,
  rpcUrls: readonly string[],
): Promise<AuditAnchorsReport> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const database = await databaseName(client);
    const {
      rows: [indexed],
    } = await client.query<{ n: string | null }>(`SELECT max(id)::text AS n FROM audit_anchors`);
    const maxIndexed = Number(indexed!.n ?? 0);
    const chain = rpcUrls.length ? createChainClient(rpcUrls) : null;
    const chainState = { reachable: null as boolean | null, chainId: null as number | null };
    const findings: AuditAnchorFinding[] = [];
    let checked = 0;
    let latest: AuditAnchorsReport['latest'] = null;
    let previous: { n: number; digest: string; toSeq: number } | null = null;
    for (let n = 1; ; n++) {
      const key = anchorObjectKey(database, n);
      const o = await readAnchorObject(objects, key);
      if (o === null) {
        if (n > maxIndexed) break;
        findings.push({
          anchor: n,
          chain: 'object-invalid',
          txHash: null,
          deleted: [],
          rehashed: [],
          inserted: [],
          detail: `its object ${key} is missing from the file store`,
        });
        previous = null;
        continue;
      }
      checked++;
      const finding = (
        chainCheck: ChainCheck,
        detail: string | null,
        rows = { deleted: [], rehashed: [], inserted: [] } as Record<'deleted' | 'rehashed' | 'inserted', string[]>,
      ) => ({
        anchor: n,
        chain: chainCheck.status,
        txHash: o === 'invalid' ? null : o.transaction.hash,
        deleted: rows.deleted.slice(0, NAMED_MAX),
        rehashed: rows.rehashed.slice(0, NAMED_MAX),
        inserted: rows.inserted.slice(0, NAMED_MAX),
        detail,
      });
      if (o === 'invalid' || digestOf(o.body) !== o.digest || o.body.anchor !== n) {
        findings.push(
          finding(
            { status: 'object-invalid', detail: null },
            `its object ${key} is not a valid anchor or does not match its own digest: it was changed`,
          ),
        );
        previous = null;
        continue;
      }
      const onChain = await checkOnChain(chain, chainState, o);
      if (onChain.status === 'mismatch' || onChain.status === 'not-found') {
        // The object is not what was anchored: its rows prove nothing either way.
        findings.push(finding(onChain, onChain.detail));
        previous = null;
        continue;
      }
      const notes: string[] = [];
      if (onChain.detail) notes.push(`not confirmed on chain: ${onChain.detail}`);
      if (previous && (o.body.previous?.digest !== previous.digest || o.body.fromSeq !== previous.toSeq + 1))
        notes.push(`it does not continue anchor ${previous.n}`);
      const rows = await compareRows(client, o.body);
      if (rows.deleted.length) notes.push(`rows deleted: ${list(rows.deleted)}`);
      if (rows.rehashed.length) notes.push(`rows re-hashed: ${list(rows.rehashed)}`);
      if (rows.inserted.length) notes.push(`rows inserted: ${list(rows.inserted)}`);
      if (notes.length) findings.push(finding(onChain, notes.join('; '), rows));
      previous = { n, digest: o.digest, toSeq: o.body.toSeq };
      latest = { id: n, headSeq: o.body.head.chainSeq, headRowId: o.body.head.rowId, txHash: o.transaction.hash };
    }
    await client.query('COMMIT');
    const faults = findings.filter((f) => !(f.chain === 'unreachable' && isClean(f)));
    const unconfirmed = findings.filter((f) => f.chain === 'unreachable').length;
    let message: string;
    if (checked === 0 && !findings.length) message = 'No anchor yet';
    else if (!faults.length)
      message = `${checked} anchor${checked === 1 ? ' matches' : 's match'} the rows${
        unconfirmed
          ? `, but ${unconfirmed === checked ? 'none could' : `${unconfirmed} of them could not`} be confirmed on chain (${findings.find((f) => f.chain === 'unreachable')!.detail!.replace(/^not confirmed on chain: /, '')}): checked against the file store only`
          : ', each confirmed on chain'
      }; the latest, anchor ${latest!.id}, covers up to row ${latest!.headRowId} (chain position ${latest!.headSeq})`;
    else
      message = faults
        .map((f) => `Anchor ${f.anchor}${f.txHash ? ` (transaction ${f.txHash})` : ''}: ${f.detail}`)
        .join('. ');
    return { checked, latest, findings, message };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

const isClean = (f: AuditAnchorFinding) =>
  !f.deleted.length && !f.rehashed.length && !f.inserted.length && !/does not continue/.test(f.detail ?? '');

/** Whether a finding is a fault of the trail (a chain that only did not answer is not). */
export const anchorFaults = (report: AuditAnchorsReport) =>
  report.findings.filter((f) => !(f.chain === 'unreachable' && isClean(f)));

/**
 * The whole check (the screen's Verify and `npm run audit:verify`): the hash chain walked, then the
 * rows against every anchor. Intact only when both find nothing; the message says both.
 */
export async function verifyAuditTrail(
  pool: pg.Pool,
  opts: { objects: ObjectStore; rpcUrls: readonly string[]; batch?: number; exclusive?: boolean },
): Promise<AuditChainReport> {
  const walk = await verifyAuditChain(pool, { batch: opts.batch, exclusive: opts.exclusive });
  const anchors = await verifyAnchors(pool, opts.objects, opts.rpcUrls);
  if (anchors.checked === 0 && !anchors.findings.length) return { ...walk, anchors };
  const faults = anchorFaults(anchors);
  const intact = walk.intact && !faults.length;
  const message = faults.length
    ? `${walk.intact ? 'Audit trail differs from its anchors' : walk.message}. ${anchors.message}`
    : `${walk.message}. Anchors: ${anchors.message}`;
  return { ...walk, intact, head: intact ? walk.head : null, message, anchors };
}
