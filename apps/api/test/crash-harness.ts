import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeFunctionData, maxUint256, parseUnits, type Hash } from 'viem';
import { LOCAL_CHAIN_ID, LOCAL_CONTRACTS, LOCAL_DEPLOYER, vaultAbi } from '@vaultdesk/chain';
import { deployLocalContracts, localClients, startLocalChain, type LocalChain } from '@vaultdesk/chain/node';
import type { Db } from '@vaultdesk/db';
import { startSmtpSink } from '../../../test/smtp-sink';
import { testEnv } from '../../../test/test-env';
import { loadConfig } from '../src/config/config';
import { reconcile } from '../src/modules/reconciliation/reconciliation.service';
import { DEMO_NEWSLETTER_SENDER_PIN } from '../src/modules/newsletters/newsletters.service';
import { seedDemoNewsletterSecrets } from '../src/demo/demo-newsletter-secrets';
import { booksDrift } from './books';
import { approveVault } from './chain';
import { demo, sessionFor } from './helpers';
import { freePort } from '../src/config/ports';

export { freePort };

/**
 * Crash campaign (issue 12, "Crash"): the API runs as a real child process (node --import tsx
 * apps/api/src/main.ts, worker inside) on a given database, a local chain and an SMTP sink that
 * both live in this process's world and survive the kills. While it runs, three drivers load it:
 * save-batch + Update Queue and Plans with real on-chain vault deposits, Withdrawal Out cancels
 * (refunds through the ledger), and one approved newsletter to `subscribers` addresses. The API
 * is killed with SIGKILL at a seeded random moment, restarted, and the drivers retry what had no
 * answer (as a browser would). After the kills a last clean life finishes the pending work, and
 * `checkCrashInvariants` reads the database, the chain and the sink.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Seeded PRNG (mulberry32): the same seed gives the same kill moments and amounts. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type CrashOptions = {
  db: Db;
  databaseUrl: string;
  kills: number;
  seed: number;
  /** Newsletter recipients (subscribed addresses of the 'subscribers' list). */
  subscribers: number;
  /** Mails per newsletter batch (newsletter_config). */
  newsletterBatch?: number;
  /** The kill lands uniformly in [0, lifeMs] after the API answers /readyz... */
  lifeMs?: number;
  /** ...except this share of lives, killed at a random moment of the start-up itself. */
  startupKillShare?: number;
  log?: (msg: string) => void;
};

export type LifeRecord = {
  life: number;
  startMs: number | null;
  killAfterMs: number;
  killedDuringStartup: boolean;
  inFlight: string[];
};

export type CrashRun = {
  seed: number;
  lives: LifeRecord[];
  startupMs: number[];
  /** Start-ups that exited by themselves and were tried again (see startReady). */
  startRetries: number;
  finalRunMs: number;
  totalMs: number;
  ops: {
    batchesSaved: number;
    batchesProcessed: number;
    cancels: number;
    retriedAfterKill: number;
    answers: Record<string, number>;
  };
  /** Answers no client should ever get (5xx, unexpected 4xx): each is a finding. */
  unexpected: string[];
  sink: { messages: number; recipients: Map<string, number>; duplicates: string[] };
  newsletterId: string;
  chainUrl: string;
  stderrTail: string;
  /** GET /v1/newsletters/:id after the final life: the counts staff see. */
  staffView: { totalSent: number; totalFailed: number; totalInDoubt: number; deliveryStatus: string };
} & CrashCheck;

export type CrashCheck = {
  /** Every broken promise found after the run; empty when the run proves what it should. */
  findings: string[];
  figures: {
    ledgerRows: number;
    wallets: number;
    cancelled: number;
    refunds: number;
    lists: Record<string, number>;
    batches: number;
    deliveries: Record<string, number>;
    inDoubt: number;
    inDoubtDelivered: number;
    subscribers: number;
    sinkMessages: number;
    maxPerAddress: number;
    reconciliation: { unexplained: number; balances: number; batchesSaved: number; batchesMatching: number };
  };
};

type Ans = { status: number; body: { message?: string; data?: unknown } };
class Down extends Error {}

/** One life of the API: a child process in its own process group, killed with the whole group. */
class ApiProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  stderr = '';
  constructor(env: NodeJS.ProcessEnv) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: repoRoot,
      env,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.child.stderr!.on('data', (c: Buffer) => {
      this.stderr = (this.stderr + c.toString()).slice(-6000);
    });
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }
  async kill(signal: NodeJS.Signals) {
    try {
      process.kill(-this.child.pid!, signal);
    } catch {
      /* gone already */
    }
    return this.exited;
  }
}

export async function runCrashCampaign(o: CrashOptions): Promise<CrashRun> {
  const log = o.log ?? (() => undefined);
  // Two streams, so the kill moments do not depend on how far the drivers got.
  const random = seededRandom(o.seed);
  const dataRandom = seededRandom(o.seed ^ 0x9e3779b9);
  const lifeMs = o.lifeMs ?? 1500;
  const startupShare = o.startupKillShare ?? 0.1;
  const t0 = Date.now();
  const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await o.db.$client.query(text, params)).rows as T[];

  // The world that survives the kills: chain, SMTP sink, database.
  const chain: LocalChain = await startLocalChain({ port: await freePort() });
  const sink = await startSmtpSink({ keepBodies: false });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-crash-'));
  try {
    await deployLocalContracts(chain.url);
    const { publicClient, walletClient } = localClients(chain.url);
    const mined = async (hash: Hash) => publicClient.waitForTransactionReceipt({ hash, pollingInterval: 25 });
    await approveVault({ publicClient, walletClient }, maxUint256);

    // Newsletter: subscribers, demo sender pin, batch size, a pending draft by Compliance that Super Admin approves (creator != approver).
    const config = loadConfig(testEnv());
    await seedDemoNewsletterSecrets(o.db, config);
    await q(`UPDATE newsletter_config SET max_mails_per_batch = $1, wait_minutes_per_batch = 0`, [
      o.newsletterBatch ?? 50,
    ]);
    await q(
      `INSERT INTO newsletter_subscribers (list, email) SELECT 'subscribers', 'crash' || g || '@example.test' FROM generate_series(1, $1::int) g`,
      [o.subscribers],
    );
    const [letter] = await q<{ id: string }>(
      `
      INSERT INTO newsletters (subject, content, creator_id, creator_email, delivery_status, is_published)
      SELECT 'Crash test letter', '<p>Once only</p>', id, email, 'pending', false FROM staff WHERE email = $1 RETURNING id`,
      [demo('compliance').email],
    );
    const newsletterId = letter!.id;

    // Withdrawal-out requests to cancel: one customer and wallet each (one writer per wallet, so the ledger's order is its id order).
    const requests = o.kills * 4 + 10;
    const reqRows = await q<{ id: string }>(
      `
      WITH u AS (
        INSERT INTO users (full_name, username, email, referral_code)
        SELECT 'Crash Customer ' || g, 'crash' || g, 'crash-customer' || g || '@example.test', 'CRASH' || g FROM generate_series(1, $1::int) g RETURNING id),
      w AS (
        INSERT INTO wallets (user_id, name, address) SELECT id, 'Main', '0xc' || lpad(to_hex(row_number() OVER ()), 39, '0') FROM u RETURNING id, user_id, address),
      funded AS (
        INSERT INTO ledger_entries (wallet_id, currency, amount, kind, reference_type) SELECT id, 'BUSD', 100, 'deposit', 'crash-test' FROM w RETURNING wallet_id)
      INSERT INTO withdrawal_requests (user_id, wallet_id, currency, amount, fee, final_amount, former_balance, balance, status, destination_address)
      SELECT w.user_id, w.id, 1, 25, 0, 25, 100, 75, 0, '0x' || repeat('d', 40) FROM w JOIN funded f ON f.wallet_id = w.id
      RETURNING id`,
      [requests],
    );
    // The request took its amount out of the wallet; a cancel gives it back. The wallet's transactions say the same
    // (funding in, withdrawal out), so the reconciliation report has nothing to flag before or after.
    await q(
      `INSERT INTO ledger_entries (wallet_id, currency, amount, kind, reference_type, reference_id)
             SELECT wallet_id, 'BUSD', -25, 'withdrawal', 'withdrawal_request', id::text FROM withdrawal_requests WHERE id = ANY($1::uuid[])`,
      [reqRows.map((r) => r.id)],
    );
    await q(
      `INSERT INTO wallet_transactions (user_id, wallet_id, amount, final_amount, fee, currency, transaction_state, type_of_transaction, description, to_address, from_address)
             SELECT r.user_id, r.wallet_id, x.amount, x.amount, 0, 'BUSD', 3, x.type, x.description, x.to_address, x.from_address
               FROM withdrawal_requests r JOIN wallets w ON w.id = r.wallet_id
              CROSS JOIN LATERAL (VALUES (100, 'funding', 'Crash test funding', w.address, NULL), (25, 'withdrawal', 'Withdrawal out ' || r.id, NULL, w.address))
                         AS x(amount, type, description, to_address, from_address)
              WHERE r.id = ANY($1::uuid[])`,
      [reqRows.map((r) => r.id)],
    );

    const superToken = await sessionFor(o.db, demo('superadmin').email);
    const complianceToken = await sessionFor(o.db, demo('compliance').email);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      ...process.env,
      ...testEnv({
        DATABASE_URL: o.databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: base,
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        WORKER: 'true',
        SMTP_URL: sink.url,
        CHAIN_RPC_URL: chain.url,
        LOG_LEVEL: 'error',
        PG_POOL_SIZE: '6',
      }),
    };

    // ---- life management ----
    let up = false;
    let upWaiters: (() => void)[] = [];
    const waitUp = () => (up ? Promise.resolve() : new Promise<void>((r) => upWaiters.push(r)));
    const answers: Record<string, number> = {};
    const unexpected: string[] = [];
    const inFlight = new Set<string>();
    let retried = 0;

    /** One call; Down when the process died under it (no answer: the caller retries in the next life). */
    async function call(label: string, method: string, url: string, token: string, body?: unknown): Promise<Ans> {
      await waitUp();
      const tag = `${label}#${Math.random().toString(36).slice(2, 6)}`;
      inFlight.add(tag);
      try {
        const res = await fetch(base + url, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(60_000),
        });
        const json = (await res.json().catch(() => ({}))) as Ans['body'];
        const key = `${label} ${res.status}`;
        answers[key] = (answers[key] ?? 0) + 1;
        return { status: res.status, body: json };
      } catch {
        throw new Down(label);
      } finally {
        inFlight.delete(tag);
      }
    }
    /** Retries across lives until the API answers. */
    async function answered(label: string, method: string, url: string, token: string, body?: unknown): Promise<Ans> {
      for (let attempt = 0; ; attempt++) {
        try {
          const a = await call(label, method, url, token, body);
          if (attempt > 0) retried++;
          return a;
        } catch (err) {
          if (!(err instanceof Down)) throw err;
          // Down: wait for the next life (the kill flips `up` off before the process is gone).
          if (up) await new Promise((r) => setTimeout(r, 50));
        }
      }
    }
    const expect = (what: string, a: Ans, ok: (a: Ans) => boolean) => {
      if (!ok(a)) unexpected.push(`${what}: ${a.status} ${JSON.stringify(a.body).slice(0, 300)}`);
    };

    // ---- drivers ----
    let stopping = false;
    const stats = { batchesSaved: 0, batchesProcessed: 0, cancels: 0 };
    let seq = 0;

    async function batchDriver() {
      while (!stopping) {
        // A deposit list of 2-3 new plans (the staff's Process List step, committed before the batch).
        const amounts = Array.from({ length: 2 + Math.floor(dataRandom() * 2) }, () =>
          (5 + Math.floor(dataRandom() * 200) / 4).toString(),
        );
        const [list] = await q<{ id: string }>(`INSERT INTO process_lists (type) VALUES ('deposit') RETURNING id`);
        const entries: string[] = [];
        for (const amount of amounts) {
          const n = ++seq;
          const [u] = await q<{ id: string }>(
            `INSERT INTO users (full_name, username, email, referral_code) VALUES ($1, $2, $3, $4) RETURNING id`,
            [`Batch Saver ${n}`, `crashsaver${n}`, `crash-saver${n}@example.test`, `CRSAVE${n}`],
          );
          const planType = n % 2 ? 'flexible' : 'fixed';
          const [p] = await q<{ id: string }>(
            `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, save_status) VALUES ($1, $2, 'Crash plan', $3, 'pending') RETURNING id`,
            [u!.id, planType, amount],
          );
          const [i] = await q<{ id: string }>(
            `INSERT INTO queue_items (queue, user_id, plan_id, amount, status, process_list_id) VALUES ('deposit', $1, $2, $3, 'processing', $4) RETURNING id`,
            [u!.id, p!.id, amount, list!.id],
          );
          entries.push(`${p!.id} ${planType === 'flexible' ? 0 : 1} ${i!.id}`);
        }
        const total = (
          await q<{ t: string }>(
            `SELECT trim_scale(sum(amount))::text AS t FROM queue_items WHERE process_list_id = $1`,
            [list!.id],
          )
        )[0]!.t;
        // The browser's part: the vault deposit from the operator's wallet (Hardhat's first account).
        const vault = { address: LOCAL_CONTRACTS.xBUSD, abi: vaultAbi } as const;
        const price = await publicClient.readContract({ ...vault, functionName: 'getPricePerFullShare' });
        const initShares = await publicClient.readContract({
          ...vault,
          functionName: 'balanceOf',
          args: [LOCAL_DEPLOYER],
        });
        const hash = await walletClient.sendTransaction({
          account: LOCAL_DEPLOYER,
          chain: null,
          to: vault.address,
          data: encodeFunctionData({ abi: vaultAbi, functionName: 'deposit', args: [parseUnits(total, 18)] }),
        });
        const receipt = await mined(hash);
        const finalShares = await publicClient.readContract({
          ...vault,
          functionName: 'balanceOf',
          args: [LOCAL_DEPLOYER],
        });
        const payload = {
          transactionHash: hash,
          action: 'deposit',
          planIdAndType: entries,
          pricePerFullShare: price.toString(),
          initShares: initShares.toString(),
          finalShares: finalShares.toString(),
          protocolName: 'xAuto',
          network: 31337,
          amount: total,
          gasUsed: receipt.gasUsed.toString(),
          block: receipt.blockNumber.toString(),
          processListId: list!.id,
        };
        const saved = await answered('save-batch', 'POST', '/v1/advanced/save-batch', complianceToken, payload);
        // 409 only when an earlier life saved it before dying.
        expect(
          'save-batch',
          saved,
          (a) => a.status === 200 || (a.status === 409 && /saved already/.test(a.body.message ?? '')),
        );
        if (saved.status === 200) stats.batchesSaved++;
        const processed = await answered('process-batch', 'POST', '/v1/advanced/process-batch', complianceToken, {
          processListId: list!.id,
        });
        expect('process-batch', processed, (a) => a.status === 200 || a.status === 409);
        if (processed.status === 200) stats.batchesProcessed++;
      }
    }

    // Paced (two at a time, then a pause) so the refunds are spread over all the lives.
    const cancelIds = reqRows.map((r) => r.id);
    let nextCancel = 0;
    async function cancelDriver() {
      while (nextCancel < cancelIds.length) {
        const chunk = cancelIds.slice(nextCancel, nextCancel + 2);
        nextCancel += chunk.length;
        if (!stopping) await new Promise((r) => setTimeout(r, 100 + dataRandom() * 300));
        await Promise.all(
          chunk.map(async (id) => {
            const a = await answered('cancel', 'PUT', '/v1/admin/withdrawal-request-update', superToken, {
              requestId: id,
              status: 3,
            });
            // 409 only when an earlier life cancelled it before dying.
            expect(
              'cancel',
              a,
              (x) => x.status === 200 || (x.status === 409 && /Cancelled/.test(x.body.message ?? '')),
            );
            if (a.status === 200) stats.cancels++;
          }),
        );
      }
    }

    async function newsletterDriver() {
      const a = await answered('approve-newsletter', 'POST', `/v1/newsletters/${newsletterId}/send`, superToken, {
        sender_pin: DEMO_NEWSLETTER_SENDER_PIN,
      });
      expect(
        'approve-newsletter',
        a,
        (x) => x.status === 200 || (x.status === 409 && /already approved/.test(x.body.message ?? '')),
      );
    }

    const startLife = () => ({ api: new ApiProcess(env) });
    async function waitReady(p: ApiProcess, deadlineMs = 120_000): Promise<number> {
      const started = Date.now();
      for (;;) {
        const exited = await Promise.race([
          p.exited.then(() => true),
          new Promise<false>((r) => setTimeout(() => r(false), 25)),
        ]);
        if (exited) throw new Error(`the API exited during start-up:\n${p.stderr}`);
        try {
          const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) });
          if (res.status === 200) return Date.now() - started;
        } catch {
          /* not listening yet */
        }
        if (Date.now() - started > deadlineMs)
          throw new Error(`the API did not get ready within ${deadlineMs} ms:\n${p.stderr}`);
      }
    }
    const setUp = (v: boolean) => {
      up = v;
      if (v) {
        const w = upWaiters;
        upWaiters = [];
        w.forEach((r) => r());
      }
    };

    /**
     * Starts a life and waits for /readyz. A start-up that exits by itself is tried again a few
     * times (counted in the results): in a working tree shared with other engineers a file can be
     * caught half-saved; a start-up a kill really broke fails every try and ends the run.
     */
    let startRetries = 0;
    async function startReady(): Promise<{ p: ApiProcess; ms: number }> {
      for (let attempt = 1; ; attempt++) {
        const p = startLife().api;
        try {
          return { p, ms: await waitReady(p) };
        } catch (err) {
          await p.kill('SIGKILL');
          if (attempt >= 6) throw err;
          startRetries++;
          log(
            `start-up failed (try ${attempt}), trying again in 5 s: ${String(err).split('\n').slice(0, 4).join(' | ')}`,
          );
          await new Promise((r) => setTimeout(r, 5000));
        }
      }
    }

    const lives: LifeRecord[] = [];
    const startupMs: number[] = [];
    let drivers: Promise<unknown> | null = null;
    for (let life = 1; life <= o.kills; life++) {
      const killedDuringStartup = life > 1 && random() < startupShare;
      const killAfterMs = Math.round(random() * (killedDuringStartup ? 1500 : lifeMs));
      let p: ApiProcess;
      let startMs: number | null = null;
      if (killedDuringStartup) {
        p = startLife().api;
        await new Promise((r) => setTimeout(r, killAfterMs));
      } else {
        const started = await startReady();
        p = started.p;
        startMs = started.ms;
        startupMs.push(startMs);
        setUp(true);
        drivers ??= Promise.all([batchDriver(), cancelDriver(), newsletterDriver()]);
        await new Promise((r) => setTimeout(r, killAfterMs));
      }
      const flying = [...inFlight].map((t) => t.split('#')[0]!);
      setUp(false);
      await p.kill('SIGKILL');
      lives.push({ life, startMs, killAfterMs, killedDuringStartup, inFlight: flying });
      log(
        `life ${life}/${o.kills}: ${killedDuringStartup ? `killed during start-up after ${killAfterMs} ms` : `ready in ${startMs} ms, killed ${killAfterMs} ms later`}; in flight: ${flying.join(', ') || 'nothing'}`,
      );
    }

    // The final clean life: everything pending finishes, then a graceful stop.
    const finalStart = Date.now();
    const { p: last, ms: lastMs } = await startReady();
    startupMs.push(lastMs);
    setUp(true);
    stopping = true;
    await drivers;
    const deadline = Date.now() + 10 * 60_000;
    for (;;) {
      const [n] = await q<{ delivery_status: string }>(`SELECT delivery_status FROM newsletters WHERE id = $1`, [
        newsletterId,
      ]);
      if (n!.delivery_status === 'sent') break;
      if (Date.now() > deadline)
        throw new Error(`the newsletter did not finish in the final run (${n!.delivery_status})`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const finalRunMs = Date.now() - finalStart;
    // What staff see on the NewsLetter page for this send.
    const view = await answered('newsletter', 'GET', `/v1/newsletters/${newsletterId}`, superToken);
    const staffView = view.body.data as {
      totalSent: number;
      totalFailed: number;
      totalInDoubt: number;
      deliveryStatus: string;
    };
    setUp(false);
    const stderrTail = last.stderr;
    // A graceful stop: main.ts's handler closes the server, the worker and the database, then exits 0.
    const code = await last.kill('SIGTERM');
    if (code !== 0)
      unexpected.push(`the final life did not stop gracefully on SIGTERM (exit ${code}, 143 is a stop cut short)`);

    const checked = await checkCrashInvariants(o.db, {
      newsletterId,
      requestIds: cancelIds,
      chainUrl: chain.url,
      sink,
      publicClient,
    });
    const shown = checked.figures.deliveries;
    if (
      staffView.deliveryStatus !== 'sent' ||
      staffView.totalSent !== (shown.sent ?? 0) ||
      staffView.totalInDoubt !== (shown['in doubt'] ?? 0) ||
      staffView.totalFailed !== (shown.failed ?? 0)
    ) {
      checked.findings.push(
        `the NewsLetter page shows ${JSON.stringify(staffView)}, the deliveries are ${JSON.stringify(shown)}`,
      );
    }
    log(
      `checked: ${JSON.stringify(checked.figures)}; answers ${JSON.stringify(answers)}; ${retried} calls retried after a kill; findings: ${checked.findings.length}`,
    );
    return {
      ...checked,
      seed: o.seed,
      lives,
      startupMs,
      startRetries,
      finalRunMs,
      totalMs: Date.now() - t0,
      ops: { ...stats, retriedAfterKill: retried, answers },
      unexpected,
      sink: { messages: sink.count(), recipients: new Map(sink.recipients), duplicates: sink.duplicates() },
      newsletterId,
      chainUrl: chain.url,
      stderrTail,
      staffView,
    };
  } finally {
    await sink.close();
    await chain.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * What must hold after the kills (findings name each breach):
 * 1. money: every wallet's balance is its ledger sum, each ledger row's balance_after is the running
 *    sum in its order, nothing negative; every cancelled request has exactly one refund (ledger row,
 *    wallet transaction, audit row), nothing else has one, and every request of the run is cancelled;
 * 2. batches: every process list is entirely in one of its states (0: nothing written; 1: one batch,
 *    its plans 'included', items untouched; 2: items done, plans saved once with the hash, batch plans
 *    resolved), each saved batch's transaction is on the chain, and after the final life all are finished;
 * 3. mail: no address got the newsletter twice; every subscriber was claimed; a 'sent' delivery arrived
 *    exactly once; only a claim interrupted by a kill ('in doubt') may have arrived zero or one time.
 */
export async function checkCrashInvariants(
  db: Db,
  run: {
    newsletterId: string;
    requestIds: string[];
    chainUrl: string;
    sink: { recipients: Map<string, number>; count: () => number };
    publicClient: ReturnType<typeof localClients>['publicClient'];
  },
): Promise<CrashCheck> {
  const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await db.$client.query(text, params)).rows as T[];
  const findings: string[] = [];
  const none = async (what: string, text: string, params: unknown[] = []) => {
    const rows = await q(text, params);
    if (rows.length) findings.push(`${what}: ${rows.length} (e.g. ${JSON.stringify(rows.slice(0, 3))})`);
  };

  // 1. Money.
  for (const [what, rows] of Object.entries(await booksDrift(db.$client)))
    findings.push(`${what}: e.g. ${JSON.stringify(rows)}`);
  await none(
    'request of the run not cancelled after the final life',
    `SELECT id, status FROM withdrawal_requests WHERE id = ANY($1::uuid[]) AND status <> 3`,
    [run.requestIds],
  );
  await none(
    'cancelled request without exactly one refund (ledger, wallet transaction, audit)',
    `
    SELECT r.id,
           (SELECT count(*) FROM ledger_entries l WHERE l.kind = 'withdrawal-refund' AND l.reference_id = r.id::text) AS ledger,
           (SELECT count(*) FROM wallet_transactions t WHERE t.description = 'Refund of cancelled withdrawal ' || r.id) AS txns,
           (SELECT count(*) FROM audit_log a WHERE a.action = 'withdrawal.cancel' AND a.target_id = r.id::text) AS audits
      FROM withdrawal_requests r WHERE r.status = 3
    GROUP BY r.id HAVING (SELECT count(*) FROM ledger_entries l WHERE l.kind = 'withdrawal-refund' AND l.reference_id = r.id::text) <> 1
        OR (SELECT count(*) FROM wallet_transactions t WHERE t.description = 'Refund of cancelled withdrawal ' || r.id) <> 1
        OR (SELECT count(*) FROM audit_log a WHERE a.action = 'withdrawal.cancel' AND a.target_id = r.id::text) <> 1`,
  );
  await none(
    'refund of a request that is not cancelled',
    `
    SELECT l.id, l.reference_id FROM ledger_entries l LEFT JOIN withdrawal_requests r ON r.id::text = l.reference_id
     WHERE l.kind = 'withdrawal-refund' AND (r.id IS NULL OR r.status <> 3)`,
  );
  await none(
    'refunded wallet not back to its 100 BUSD',
    `
    SELECT r.id, b.balance::text FROM withdrawal_requests r JOIN wallet_balances b ON b.wallet_id = r.wallet_id AND b.currency = 'BUSD'
     WHERE r.id = ANY($1::uuid[]) AND r.status = 3 AND b.balance <> 100`,
    [run.requestIds],
  );

  // 2. Batches: each list wholly in one state.
  const lists = await q<{
    id: string;
    status: number;
    hash: string | null;
    batches: number;
    batch_hash: string | null;
    plans: number;
    bp_included: number;
    bp_resolved: number;
    items: number;
    items_processing: number;
    items_done_with_hash: number;
    plans_pending_clean: number;
    plans_saved_once: number;
    saves: number;
    processes: number;
    block: string | null;
  }>(`
    SELECT pl.id, pl.status, pl.transaction_hash AS hash,
           (SELECT count(*)::int FROM batches b WHERE b.process_list_id = pl.id) AS batches,
           (SELECT b.transaction_hash FROM batches b WHERE b.process_list_id = pl.id LIMIT 1) AS batch_hash,
           (SELECT b.block::text FROM batches b WHERE b.process_list_id = pl.id LIMIT 1) AS block,
           (SELECT count(DISTINCT qi.plan_id)::int FROM queue_items qi WHERE qi.process_list_id = pl.id) AS plans,
           (SELECT count(*)::int FROM batch_plans bp JOIN batches b ON b.id = bp.batch_id WHERE b.process_list_id = pl.id AND bp.status = 'included') AS bp_included,
           (SELECT count(*)::int FROM batch_plans bp JOIN batches b ON b.id = bp.batch_id WHERE b.process_list_id = pl.id AND bp.status = 'resolved' AND bp.resolved_hash = pl.transaction_hash) AS bp_resolved,
           (SELECT count(*)::int FROM queue_items qi WHERE qi.process_list_id = pl.id) AS items,
           (SELECT count(*)::int FROM queue_items qi WHERE qi.process_list_id = pl.id AND qi.status = 'processing' AND qi.transaction_hash IS NULL) AS items_processing,
           (SELECT count(*)::int FROM queue_items qi WHERE qi.process_list_id = pl.id AND qi.status = 'done' AND qi.transaction_hash = pl.transaction_hash) AS items_done_with_hash,
           (SELECT count(*)::int FROM savings_plans p JOIN queue_items qi ON qi.plan_id = p.id WHERE qi.process_list_id = pl.id
              AND p.save_status = 'pending' AND coalesce(cardinality(p.deposit_transaction_hash), 0) = 0 AND p.share_balance = 0) AS plans_pending_clean,
           (SELECT count(*)::int FROM savings_plans p JOIN queue_items qi ON qi.plan_id = p.id WHERE qi.process_list_id = pl.id
              AND p.save_status = 'saved' AND p.deposit_transaction_hash = ARRAY[pl.transaction_hash]::text[] AND p.share_balance > 0) AS plans_saved_once,
           (SELECT count(*)::int FROM audit_log a WHERE a.action = 'batch.deposit.save' AND a.target_id = pl.id::text) AS saves,
           (SELECT count(*)::int FROM audit_log a WHERE a.action = 'batch.deposit.update-queue-and-plans' AND a.target_id = pl.id::text) AS processes
      FROM process_lists pl WHERE pl.type = 'deposit' ORDER BY pl.created_at`);
  const byStatus: Record<string, number> = {};
  for (const l of lists) {
    const s = Number(l.status);
    byStatus[s] = (byStatus[s] ?? 0) + 1;
    const whole =
      s === 0
        ? l.batches === 0 &&
          !l.hash &&
          l.bp_included + l.bp_resolved === 0 &&
          l.items_processing === l.items &&
          l.plans_pending_clean === l.items &&
          l.saves + l.processes === 0
        : s === 1
          ? l.batches === 1 &&
            l.batch_hash === l.hash &&
            l.bp_included === l.plans &&
            l.items_processing === l.items &&
            l.plans_pending_clean === l.items &&
            l.saves === 1 &&
            l.processes === 0
          : l.batches === 1 &&
            l.batch_hash === l.hash &&
            l.bp_resolved === l.plans &&
            l.items_done_with_hash === l.items &&
            l.plans_saved_once === l.items &&
            l.saves === 1 &&
            l.processes === 1;
    if (!whole) findings.push(`process list ${l.id} is half applied: ${JSON.stringify(l)}`);
    if (s !== 2) findings.push(`process list ${l.id} still in status ${s} after the final life`);
    if (l.hash) {
      const receipt = await run.publicClient.getTransactionReceipt({ hash: l.hash as Hash }).catch(() => null);
      if (!receipt || receipt.status !== 'success' || receipt.blockNumber.toString() !== l.block)
        findings.push(`batch of list ${l.id}: the chain's receipt does not match (${l.hash})`);
    }
  }

  // 3. Mail.
  const deliveries = await q<{ status: string; error: string | null; email: string }>(
    `
    SELECT d.status, d.error, s.email::text AS email FROM newsletter_deliveries d JOIN newsletter_subscribers s ON s.id = d.subscriber_id WHERE d.newsletter_id = $1`,
    [run.newsletterId],
  );
  const byDelivery: Record<string, number> = {};
  let inDoubt = 0;
  let inDoubtDelivered = 0;
  for (const d of deliveries) {
    const doubt = d.status === 'in-doubt';
    const key = doubt ? 'in doubt' : d.status;
    byDelivery[key] = (byDelivery[key] ?? 0) + 1;
    const got = run.sink.recipients.get(d.email.toLowerCase()) ?? 0;
    if (doubt) {
      inDoubt++;
      inDoubtDelivered += got;
    }
    if (got > 1) findings.push(`${d.email} got the newsletter ${got} times`);
    else if (d.status === 'sent' && got !== 1)
      findings.push(`${d.email} is recorded as sent but the SMTP server got it ${got} times`);
    else if (!doubt && d.status !== 'sent') findings.push(`${d.email}: delivery ${d.status} (${d.error ?? ''})`);
  }
  const known = new Set(deliveries.map((d) => d.email.toLowerCase()));
  for (const [address, n] of run.sink.recipients)
    if (!known.has(address)) findings.push(`${address} got ${n} mail(s) with no delivery recorded`);
  await none(
    'subscriber never claimed',
    `
    SELECT s.email FROM newsletter_subscribers s WHERE s.list = 'subscribers' AND s.subscribed
       AND NOT EXISTS (SELECT 1 FROM newsletter_deliveries d WHERE d.newsletter_id = $1 AND d.subscriber_id = s.id)`,
    [run.newsletterId],
  );
  await none(
    'newsletter counters differ from its deliveries',
    `
    SELECT n.delivery_status, n.total_sent, n.total_failed, n.total_in_doubt FROM newsletters n WHERE n.id = $1 AND (n.delivery_status <> 'sent'
        OR n.total_in_doubt <> (SELECT count(*) FROM newsletter_deliveries d WHERE d.newsletter_id = n.id AND d.status = 'in-doubt')
        OR n.total_sent <> (SELECT count(*) FROM newsletter_deliveries d WHERE d.newsletter_id = n.id AND d.status = 'sent')
        OR n.total_failed <> (SELECT count(*) FROM newsletter_deliveries d WHERE d.newsletter_id = n.id AND d.status = 'failed'))`,
    [run.newsletterId],
  );

  const [money] = await q<{ rows: number; wallets: number; cancelled: number; refunds: number }>(`
    SELECT (SELECT count(*)::int FROM ledger_entries) AS rows, (SELECT count(*)::int FROM wallet_balances) AS wallets,
           (SELECT count(*)::int FROM withdrawal_requests WHERE status = 3) AS cancelled,
           (SELECT count(*)::int FROM ledger_entries WHERE kind = 'withdrawal-refund') AS refunds`);
  // The Super Admin's reconciliation report over the same data: no unexplained drift, every saved batch matching its receipt.
  const rec = await reconcile(db, {
    rpcUrls: [run.chainUrl],
    tokenAddresses: { ...LOCAL_CONTRACTS },
    chainId: LOCAL_CHAIN_ID,
  });
  if (rec.unexplained !== 0 || rec.batches.matching !== rec.batches.saved) {
    findings.push(
      `reconciliation report: ${rec.unexplained} unexplained, batches ${JSON.stringify(rec.batches)}, flagged ${JSON.stringify(rec.flagged)}, ledger ${JSON.stringify(rec.ledger)}`,
    );
  }
  const [subs] = await q<{ n: number }>(
    `SELECT count(*)::int AS n FROM newsletter_subscribers WHERE list = 'subscribers' AND subscribed`,
  );
  return {
    findings,
    figures: {
      ledgerRows: money!.rows,
      wallets: money!.wallets,
      cancelled: money!.cancelled,
      refunds: money!.refunds,
      lists: byStatus,
      batches: lists.filter((l) => l.batches).length,
      deliveries: byDelivery,
      inDoubt,
      inDoubtDelivered,
      subscribers: subs!.n,
      sinkMessages: run.sink.count(),
      maxPerAddress: Math.max(0, ...run.sink.recipients.values()),
      reconciliation: {
        unexplained: rec.unexplained,
        balances: rec.ledger.balances,
        batchesSaved: rec.batches.saved,
        batchesMatching: rec.batches.matching,
      },
    },
  };
}
