import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { LOCAL_ANCHOR_KEY, LOCAL_CONTRACTS, LOCAL_DEPLOYER } from '@vaultdesk/chain';
import { accountOf } from '@vaultdesk/chain/write';
import { useChainTestApp } from '../../../test/chain';
import { bearer, demo, sessionFor } from '../../../test/helpers';
import { testEnv } from '../../../../../test/test-env';
import { loadConfig } from '../../config/config';
import { objectStoreFor } from '../../files/file-store';
import { anchorSetup, verifyAuditTrail } from './audit-anchors';
import { verifyAuditChain } from './audit-chain';
import { auditAnchorJobFor } from './audit.service';

const { t, chain, clients, tokens, q } = useChainTestApp(LOCAL_DEPLOYER);
const ANCHOR_ACCOUNT = accountOf(LOCAL_ANCHOR_KEY).toLowerCase();
const CLI_TIMEOUT = 120_000;

const url = () => (t.db.$client.options as { connectionString: string }).connectionString;
const objects = () => objectStoreFor(t.config);
const objectFile = (key: string) => path.join((t.config.files as { dir: string }).dir, key);

type Finding = {
  anchor: number;
  chain: string;
  txHash: string | null;
  deleted: string[];
  rehashed: string[];
  inserted: string[];
  detail: string | null;
};
type Report = {
  intact: boolean;
  checked: number;
  message: string;
  anchors?: { checked: number; latest: { id: number } | null; findings: Finding[]; message: string };
};

const verifyApi = async (): Promise<Report> => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/v1/admin/audit-logs/verify',
    headers: bearer(tokens.superadmin),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe(res.json().data.message);
  return res.json().data;
};

const anchorNow = (token = tokens.superadmin) =>
  t.app.inject({ method: 'POST', url: '/v1/admin/audit-logs/anchors', headers: bearer(token) });

/** A few audited calls (sign-outs), so there is something new to anchor. */
const writeRows = async (n: number) => {
  for (let i = 0; i < n; i++) {
    const token = await sessionFor(t.db, demo('support').email);
    const res = await t.app.inject({ method: 'POST', url: '/v1/admin/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
  }
};

/** The scheduled anchoring, as the worker runs it (no audit row of its own: the anchor covers the chain's very end). */
const scheduledAnchor = () => auditAnchorJobFor(t.db, t.config, objects()).run();

/** A superuser's connection with the triggers off: what a tamperer with database access does. */
const asTamperer = async <T>(work: (c: pg.Client) => Promise<T>) => {
  const c = new pg.Client({ connectionString: url() });
  await c.connect();
  try {
    await c.query('BEGIN');
    await c.query('SET LOCAL session_replication_role = replica');
    const out = await work(c);
    await c.query('COMMIT');
    return out;
  } finally {
    await c.end();
  }
};

/** Recomputes the chain from position `from` on, as the sealing trigger would: an edit made to look sealed. */
const rehashFrom = (c: pg.Client, from: number) =>
  c.query(`DO $$ DECLARE r audit_log; prev bytea; BEGIN
    SELECT hash INTO prev FROM audit_log WHERE chain_seq = ${from - 1};
    FOR r IN SELECT * FROM audit_log WHERE chain_seq >= ${from} ORDER BY chain_seq LOOP
      r.prev_hash := coalesce(prev, audit_log_genesis());
      r.hash := digest(audit_log_canonical(r), 'sha256');
      UPDATE audit_log SET prev_hash = r.prev_hash, hash = r.hash WHERE id = r.id;
      prev := r.hash;
    END LOOP; END $$`);

const chainRows = () =>
  q<{ id: string; seq: string; hash: string }>(
    `SELECT id::text, chain_seq::text AS seq, encode(hash, 'hex') AS hash FROM audit_log WHERE chain_seq IS NOT NULL ORDER BY chain_seq`,
  );

describe('anchoring the audit trail', () => {
  it('Anchor now writes a transaction on chain, an object in the file store and an index row, audited', async () => {
    await writeRows(3);
    const rows = await chainRows();
    const res = await anchorNow();
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json().data;
    const head = rows[rows.length - 1]!;
    expect(a).toMatchObject({
      id: 1,
      fromSeq: 1,
      headSeq: Number(head.seq),
      headRowId: head.id,
      headHash: head.hash,
      rowCount: rows.length,
      chainId: 31337,
    });
    expect(res.json().message).toBe(
      `Anchor 1 written: rows up to ${head.id} (chain position ${head.seq}), transaction ${a.txHash} on chain 31337`,
    );
    // The index row.
    expect(await q(`SELECT id::int, head_row_id::text, tx_hash, object_key FROM audit_anchors`)).toEqual([
      { id: 1, head_row_id: head.id, tx_hash: a.txHash, object_key: a.objectKey },
    ]);
    expect(a.objectKey).toMatch(/^audit-anchors\/t_[0-9a-f]+\/1\.json$/);
    // The object: every covered row's id and hash, and the transaction.
    const object = JSON.parse(readFileSync(objectFile(a.objectKey), 'utf8'));
    expect(object.body.rows).toEqual(rows.map((r) => [Number(r.seq), r.id, r.hash]));
    expect(object).toMatchObject({ digest: a.digest, transaction: { chainId: 31337, hash: a.txHash } });
    // On chain: from the anchoring account to itself, nothing paid, the digest as data.
    const tx = await clients.publicClient.getTransaction({ hash: a.txHash });
    expect(tx.from.toLowerCase()).toBe(ANCHOR_ACCOUNT);
    expect(tx.to!.toLowerCase()).toBe(ANCHOR_ACCOUNT);
    expect(tx.value).toBe(0n);
    expect(tx.input).toBe(`0x${a.digest}`);
    // Audited, in the chain after the rows it anchors.
    const [audit] = await q<{ actor_email: string; target_id: string; after: { txHash: string } }>(
      `SELECT actor_email, target_id, after FROM audit_log WHERE action = 'audit.anchor'`,
    );
    expect(audit).toMatchObject({ actor_email: demo('superadmin').email, target_id: '1', after: { txHash: a.txHash } });
    // The screen's read.
    const latest = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/audit-logs/anchors/latest',
      headers: bearer(tokens.superadmin),
    });
    expect(latest.statusCode).toBe(200);
    expect(latest.json().data).toMatchObject({ latest: a, unavailable: null, schedule: '0 * * * *' });
    // Verify: the walk and the anchor agree.
    const report = await verifyApi();
    expect(report.intact).toBe(true);
    expect(report.message).toBe(
      `Audit chain intact: ${rows.length + 1} rows checked. Anchors: 1 anchor matches the rows, each confirmed on chain; the latest, anchor 1, covers up to row ${head.id} (chain position ${head.seq})`,
    );
  });

  it('refuses Compliance (403), and a second anchoring with nothing new for the scheduler is a no-op', async () => {
    const before = await q<{ n: number }>(`SELECT count(*)::int AS n FROM audit_anchors`);
    const res = await anchorNow(tokens.compliance);
    expect(res.statusCode).toBe(403);
    // The anchoring's own audit row is new: the scheduler anchors it; then there is nothing new.
    expect(await scheduledAnchor()).toMatch(/^anchor 2: rows up to \d+ \(chain position \d+\), transaction 0x/);
    expect(await scheduledAnchor()).toBe('nothing new to anchor');
    expect(await q(`SELECT count(*)::int AS n FROM audit_anchors`)).toEqual([{ n: before[0]!.n + 1 }]);
    const again = await anchorNow();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^Nothing new to anchor: anchor 2 covers the trail up to row \d+/);
  });

  it(
    'names a deleted tail that the chain walk alone cannot see (API and CLI), intact again once put back',
    async () => {
      await writeRows(4);
      expect(await scheduledAnchor()).toMatch(/^anchor 3:/);
      const rows = await chainRows();
      const tail = rows.slice(-3).map((r) => r.id);
      await q(`CREATE TABLE anchor_saved AS SELECT * FROM audit_log WHERE id = ANY($1::bigint[])`, [tail]);
      await asTamperer((c) => c.query(`DELETE FROM audit_log WHERE id = ANY($1::bigint[])`, [tail]));
      // The walk alone: intact (nothing links to a row after the end).
      expect((await verifyAuditChain(t.db.$client)).intact).toBe(true);
      const report = await verifyApi();
      expect(report.intact).toBe(false);
      expect(report.anchors!.findings).toEqual([
        {
          anchor: 3,
          chain: 'confirmed',
          txHash: expect.any(String),
          deleted: tail,
          rehashed: [],
          inserted: [],
          detail: `rows deleted: ${tail.join(', ')}`,
        },
      ]);
      expect(report.message).toBe(
        `Audit trail differs from its anchors. Anchor 3 (transaction ${report.anchors!.findings[0]!.txHash}): rows deleted: ${tail.join(', ')}`,
      );
      const cli = await verifyCli();
      expect(cli.code).toBe(1);
      expect(cli.stdout).toContain(`Anchor 3 (transaction `);
      expect(cli.stdout).toContain(`rows deleted: ${tail.join(', ')}`);
      await asTamperer((c) => c.query(`INSERT INTO audit_log SELECT * FROM anchor_saved`));
      await q(`DROP TABLE anchor_saved`);
      expect(await verifyApi()).toMatchObject({ intact: true });
      const ok = await verifyCli();
      expect(ok.code).toBe(0);
      expect(ok.stdout).toMatch(
        /^Audit chain intact: \d+ rows checked\. Anchors: 3 anchors match the rows, each confirmed on chain/m,
      );
    },
    CLI_TIMEOUT,
  );

  it('names an edited row re-hashed from there on, and every row after it the anchor covers', async () => {
    const rows = await chainRows();
    const [anchor] = await q<{ head_seq: string }>(`SELECT head_seq::text FROM audit_anchors WHERE id = 3`);
    const headSeq = Number(anchor!.head_seq);
    const victim = rows.find((r) => Number(r.seq) === headSeq - 2)!;
    const { action } = (await q<{ action: string }>(`SELECT action FROM audit_log WHERE id = $1`, [victim.id]))[0]!;
    await asTamperer(async (c) => {
      await c.query(`UPDATE audit_log SET action = 'auth.login' WHERE id = $1`, [victim.id]);
      await rehashFrom(c, Number(victim.seq));
    });
    expect((await verifyAuditChain(t.db.$client)).intact).toBe(true);
    const report = await verifyApi();
    expect(report.intact).toBe(false);
    const changed = rows
      .filter((r) => Number(r.seq) >= Number(victim.seq) && Number(r.seq) <= headSeq)
      .map((r) => r.id);
    expect(changed[0]).toBe(victim.id);
    expect(report.anchors!.findings).toMatchObject([
      { anchor: 3, chain: 'confirmed', deleted: [], rehashed: changed, inserted: [] },
    ]);
    expect(report.message).toContain(`Anchor 3 (transaction `);
    expect(report.message).toContain(`rows re-hashed: ${changed.join(', ')}`);
    await asTamperer(async (c) => {
      await c.query(`UPDATE audit_log SET action = $2 WHERE id = $1`, [victim.id, action]);
      await rehashFrom(c, Number(victim.seq));
    });
    expect(await verifyApi()).toMatchObject({ intact: true });
  });

  it('names a row slipped into the middle of the chain (positions shifted, hashes recomputed) and the rows it displaced', async () => {
    const rows = await chainRows();
    const [anchor] = await q<{ from_seq: string; head_seq: string }>(
      `SELECT from_seq::text, head_seq::text FROM audit_anchors WHERE id = 3`,
    );
    const at = Number(anchor!.from_seq) + 1;
    const headSeq = Number(anchor!.head_seq);
    expect(headSeq).toBeGreaterThan(at);
    const [slipped] = await asTamperer(async (c) => {
      await c.query(`UPDATE audit_log SET chain_seq = -(chain_seq + 1) WHERE chain_seq >= $1`, [at]);
      await c.query(`UPDATE audit_log SET chain_seq = -chain_seq WHERE chain_seq < 0`);
      const ins = await c.query<{ id: string }>(
        `INSERT INTO audit_log (action, target_type, target_id, chain_seq) VALUES ('admin.create', 'staff', 'forged', $1) RETURNING id::text`,
        [at],
      );
      await rehashFrom(c, at);
      return ins.rows;
    });
    try {
      expect((await verifyAuditChain(t.db.$client)).intact).toBe(true);
      const report = await verifyApi();
      expect(report.intact).toBe(false);
      // Every row from the slot on moved one position: the anchor lists them at their old place.
      const moved = rows.filter((r) => Number(r.seq) >= at && Number(r.seq) <= headSeq).map((r) => r.id);
      expect(report.anchors!.findings).toMatchObject([
        { anchor: 3, chain: 'confirmed', deleted: [], rehashed: moved, inserted: [slipped!.id] },
      ]);
      expect(report.message).toContain(`rows inserted: ${slipped!.id}`);
    } finally {
      await asTamperer(async (c) => {
        await c.query(`DELETE FROM audit_log WHERE id = $1`, [slipped!.id]);
        await c.query(`UPDATE audit_log SET chain_seq = -(chain_seq - 1) WHERE chain_seq > $1`, [at]);
        await c.query(`UPDATE audit_log SET chain_seq = -chain_seq WHERE chain_seq < 0`);
        await rehashFrom(c, at);
      });
    }
    expect(await verifyApi()).toMatchObject({ intact: true });
  });

  it("detects an anchor's object changed in the file store: against its own digest, and against the chain when the digest was recomputed", async () => {
    const { object_key: key, tx_hash: txHash } = (
      await q<{ object_key: string; tx_hash: string }>(`SELECT object_key, tx_hash FROM audit_anchors WHERE id = 2`)
    )[0]!;
    const file = objectFile(key);
    const original = readFileSync(file, 'utf8');
    const object = JSON.parse(original);
    try {
      // A row dropped from the list: the object no longer matches its own digest.
      object.body.rows = object.body.rows.slice(1);
      writeFileSync(file, JSON.stringify(object));
      let report = await verifyApi();
      expect(report.intact).toBe(false);
      expect(report.anchors!.findings).toEqual([
        {
          anchor: 2,
          chain: 'object-invalid',
          txHash,
          deleted: [],
          rehashed: [],
          inserted: [],
          detail: `its object ${key} is not a valid anchor or does not match its own digest: it was changed`,
        },
      ]);
      // The digest recomputed too: only the chain tells.
      const { createHash } = await import('node:crypto');
      object.digest = createHash('sha256').update(JSON.stringify(object.body), 'utf8').digest('hex');
      writeFileSync(file, JSON.stringify(object));
      report = await verifyApi();
      expect(report.intact).toBe(false);
      expect(report.anchors!.findings).toMatchObject([
        {
          anchor: 2,
          chain: 'mismatch',
          txHash,
          detail: `the object's digest is not the data of its transaction ${txHash}: the object was changed`,
        },
      ]);
      // Anchor 2 proves nothing now; anchor 3 is still checked on its own.
      expect(report.message).toBe(
        `Audit trail differs from its anchors. Anchor 2 (transaction ${txHash}): the object's digest is not the data of its transaction ${txHash}: the object was changed`,
      );
    } finally {
      writeFileSync(file, original);
    }
    expect(await verifyApi()).toMatchObject({ intact: true });
  });

  it('says when the chain does not answer and still checks the rows against the file store', async () => {
    const dead = ['http://127.0.0.1:1'];
    const ok = await verifyAuditTrail(t.db.$client, { objects: objects(), rpcUrls: dead });
    expect(ok.intact).toBe(true);
    expect(ok.message).toMatch(
      /^Audit chain intact: \d+ rows checked\. Anchors: 3 anchors match the rows, but none could be confirmed on chain \(the chain did not answer\): checked against the file store only; the latest, anchor 3/,
    );
    const [last] = (await chainRows()).slice(-1);
    const [anchored] = await q<{ head_row_id: string }>(`SELECT head_row_id::text FROM audit_anchors WHERE id = 3`);
    expect(last!.id).toBe(anchored!.head_row_id);
    await q(`CREATE TABLE anchor_saved AS SELECT * FROM audit_log WHERE id = $1`, [last!.id]);
    await asTamperer((c) => c.query(`DELETE FROM audit_log WHERE id = $1`, [last!.id]));
    try {
      const broken = await verifyAuditTrail(t.db.$client, { objects: objects(), rpcUrls: dead });
      expect(broken.intact).toBe(false);
      expect(broken.anchors!.findings).toMatchObject([
        { anchor: 1, chain: 'unreachable', deleted: [] },
        { anchor: 2, chain: 'unreachable', deleted: [] },
        { anchor: 3, chain: 'unreachable', deleted: [last!.id] },
      ]);
      expect(broken.message).toContain(`Anchor 3 (transaction `);
      expect(broken.message).toContain(`not confirmed on chain: the chain did not answer; rows deleted: ${last!.id}`);
    } finally {
      await asTamperer((c) => c.query(`INSERT INTO audit_log SELECT * FROM anchor_saved`));
      await q(`DROP TABLE anchor_saved`);
    }
  });

  it('refuses to anchor a chain that is broken, and names no anchor for it', async () => {
    await writeRows(2);
    const [victim] = (await chainRows()).slice(-1);
    const [saved] = await q<{ target_id: string | null }>(`SELECT target_id FROM audit_log WHERE id = $1`, [
      victim!.id,
    ]);
    await asTamperer((c) => c.query(`UPDATE audit_log SET target_id = 'forged' WHERE id = $1`, [victim!.id]));
    try {
      const res = await anchorNow();
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        `Not anchored: the audit chain is broken (row ${victim!.id}'s content does not match its hash); run Verify`,
      );
      expect(await q(`SELECT count(*)::int AS n FROM audit_anchors`)).toEqual([{ n: 3 }]);
    } finally {
      await asTamperer((c) =>
        c.query(`UPDATE audit_log SET target_id = $2 WHERE id = $1`, [victim!.id, saved!.target_id]),
      );
    }
  });

  it('takes up an anchor whose object was written but whose index row was lost, and sends no second transaction', async () => {
    const [lost] = await q<{ tx_hash: string; object_key: string }>(
      `DELETE FROM audit_anchors WHERE id = 3 RETURNING tx_hash, object_key`,
    );
    const nonce = await clients.publicClient.getTransactionCount({ address: accountOf(LOCAL_ANCHOR_KEY) });
    expect(await scheduledAnchor()).toMatch(
      new RegExp(`^anchor 3: rows up to \\d+ \\(chain position \\d+\\), transaction ${lost!.tx_hash} on chain 31337$`),
    );
    expect(await clients.publicClient.getTransactionCount({ address: accountOf(LOCAL_ANCHOR_KEY) })).toBe(nonce);
    expect(await q(`SELECT tx_hash, object_key FROM audit_anchors WHERE id = 3`)).toEqual([lost]);
    // Then the rows after it get an anchor of their own, as usual.
    expect(await scheduledAnchor()).toMatch(/^anchor 4: /);
    expect(await verifyApi()).toMatchObject({ intact: true });
  });

  it('needs a chain and a key: none configured, no key for a public chain, the public test key refused there', () => {
    const base = loadConfig(testEnv());
    expect(anchorSetup(base)).toBe('No chain is configured for anchors: set CHAIN_RPC_URLS (or run the local chain)');
    const bsc = loadConfig(
      testEnv({
        CHAIN_RPC_URLS: 'http://127.0.0.1:1',
        CHAIN_TOKEN_ADDRESSES: `BUSD=${LOCAL_CONTRACTS.BUSD},VLT=${LOCAL_CONTRACTS.VLT},xBUSD=${LOCAL_CONTRACTS.xBUSD}`,
      }),
    );
    expect(anchorSetup(bsc)).toBe("AUDIT_ANCHOR_KEY is not set: anchors on chain 56 need the anchoring account's key");
    expect(anchorSetup({ ...bsc, auditAnchor: { key: LOCAL_ANCHOR_KEY, cron: null } })).toBe(
      "AUDIT_ANCHOR_KEY is the local chain's public test key: it cannot anchor on chain 56",
    );
    expect(() => loadConfig(testEnv({ AUDIT_ANCHOR_KEY: '0x12' }))).toThrow(
      'Invalid configuration: AUDIT_ANCHOR_KEY: must be a private key: 0x and 64 hex digits',
    );
    expect(loadConfig(testEnv({ AUDIT_ANCHOR_CRON: 'off' })).auditAnchor.cron).toBeNull();
  });
});

const repo = path.resolve(import.meta.dirname, '../../../../..');
/** `npm run audit:verify` as an operator runs it, against this test's database, file store and chain. */
const verifyCli = async () => {
  try {
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'apps/api/src/cli/audit-verify.ts'], {
      cwd: repo,
      env: {
        ...process.env,
        ...testEnv(),
        DATABASE_URL: url(),
        CHAIN_RPC_URLS: chain.url,
        CHAIN_TOKEN_ADDRESSES: `BUSD=${LOCAL_CONTRACTS.BUSD},VLT=${LOCAL_CONTRACTS.VLT},xBUSD=${LOCAL_CONTRACTS.xBUSD}`,
        CHAIN_ID: '31337',
      },
    });
    return { code: 0, stdout };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout + err.stderr };
  }
};
