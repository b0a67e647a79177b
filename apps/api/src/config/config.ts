import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { defaultChainPort } from '@vaultdesk/chain/node';
import { defaultPgPort } from '@vaultdesk/db';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  /** Run the embedded PostgreSQL in DATA_DIR/pg: the default outside production; production needs it said. */
  EMBEDDED_DATABASE: bool,
  /** The database owner's URL (migrations, console commands); DATABASE_URL is then the application role's. */
  DATABASE_OWNER_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('.data'),
  PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  PG_POOL_SIZE: z.coerce.number().int().min(1).max(100).optional(),
  APP_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Vaultdesk <no-reply@vaultdesk.test>'),
  /** 32-byte key (hex or base64) that encrypts TOTP secrets at rest. Required in production. */
  SECRETS_KEY: z.string().optional(),
  SEED_DEMO: bool,
  DEMO_USERS: z.coerce.number().int().min(0).max(5_000_000).default(3000),
  MAINTENANCE: bool,
  /** The reverse proxies whose X-Forwarded-For is believed: addresses, CIDR ranges or loopback/linklocal/uniquelocal. */
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WORKER: bool,
  /** JSON-RPC endpoints of the BNB chain, comma-separated, tried in order (viem fallback). */
  CHAIN_RPC_URLS: z.string().optional(),
  /** ERC-20 contracts of the custodial tokens: `BUSD=0x...,VLT=0x...,xBUSD=0x...`. */
  CHAIN_TOKEN_ADDRESSES: z.string().optional(),
  /** Start the local Hardhat chain with the API (default: on in development, off in test and production). */
  CHAIN: bool,
  /** Port of the local chain; default 8545 + (PORT - 8080) (defaultChainPort). */
  CHAIN_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Use this JSON-RPC node instead of starting one (a local 31337 node gets the contracts deployed if missing). */
  CHAIN_RPC_URL: z.string().url().optional(),
  /** The local chain Vaultdesk starts mines a block this often as well as on each transaction; 0: only on transactions. */
  LOCAL_CHAIN_BLOCK_SECONDS: z.coerce.number().int().min(0).max(3600).default(3),
  /** The chain id batches are checked against when CHAIN_RPC_URLS points at a public chain. */
  CHAIN_ID: z.coerce.number().int().positive().optional(),
  /** The chain watcher (deposits seen on chain, credited after confirmations): on when a chain is configured; false turns it off. */
  CHAIN_WATCH: bool,
  /** Confirmations before a deposit is credited; default per chain (packages/chain CHAINS: 56 15, 137 128, local 2). */
  CHAIN_WATCH_CONFIRMATIONS: z.coerce.number().int().min(1).max(10_000).optional(),
  /** Blocks whose Transfer logs one eth_getLogs call asks for (public endpoints cap the range). */
  CHAIN_WATCH_BLOCK_RANGE: z.coerce.number().int().min(1).max(10_000).default(500),
  /** Milliseconds between the watcher's passes (each scans to the head, then credits). */
  CHAIN_WATCH_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(3_000),
  /** The first block a chain's first pass scans (none: block 0 on the local chain, the head elsewhere). */
  CHAIN_WATCH_START_BLOCK: z.coerce.number().int().min(0).optional(),
  /** Record transfers to addresses no customer holds (ignored, unknown-address); default: on the local chain only. */
  CHAIN_WATCH_RECORD_UNKNOWN: bool,
  /** Webhook delivery to service clients (modules/webhooks): on unless false. */
  WEBHOOKS: bool,
  /** How long a webhook endpoint has to answer before the attempt counts as failed. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** The first retry's delay; each next one doubles (with jitter) up to WEBHOOK_RETRY_MAX_MS. */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(10_000),
  WEBHOOK_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(3_600_000),
  /** Retries go on until this many hours after the first attempt; then the delivery is failed. */
  WEBHOOK_RETRY_HOURS: z.coerce.number().min(0.001).max(720).default(24),
  /** Deliveries in flight at once (each client at most a quarter of them, at least one). */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(16),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(1_000),
  /** Seconds the browser waits after a vault deposit before reading the share balance; default 60, 3 on the local chain. */
  BATCH_SHARE_WAIT_SECONDS: z.coerce.number().min(0).max(600).optional(),
  /** How long the dashboard's whole-table totals (plans, balances, trends) are reused; 0 computes them on every call. */
  DASHBOARD_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** The bearer token a Prometheus scraper sends to GET /metrics; unset: /metrics answers 404. */
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .regex(/^\S+$/, 'must not contain spaces')
    .optional(),
  /** How long /metrics reuses its database reads (job queues, exports, newsletters); 0 reads on every scrape. */
  METRICS_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  /** The port of a worker run alone (`npm run worker`): /healthz, /readyz, /metrics; 0 takes any free port. */
  WORKER_PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  /** Seconds between a worker's heartbeat rows (the API's /metrics: its last-seen age, the workers alive). */
  WORKER_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
  /** Webhook URLs of service clients may be plain http to a loopback or private address (default: on unless production). */
  INTEGRATIONS_ALLOW_HTTP_WEBHOOKS: bool,
  /** Where stored files live: `local` (DATA_DIR/files, one machine) or `s3` (one bucket every instance shares). */
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'must be an http(s) URL')
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3-63 lowercase letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  /** Private key (0x + 64 hex) of the account that writes the audit trail's anchors on chain; default on the local chain: Hardhat's account 19. */
  AUDIT_ANCHOR_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a private key: 0x and 64 hex digits')
    .optional(),
  /** When the audit trail's head is anchored (cron, UTC); `off` anchors only on demand. Default hourly. */
  AUDIT_ANCHOR_CRON: z
    .string()
    .regex(/^(off|\S+( \S+){4})$/, 'must be a five-field cron expression or off')
    .default('0 * * * *'),
  /** How long a stop signal lets in-flight requests and running jobs finish before they are cut (ms). */
  SHUTDOWN_DEADLINE_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  /** PostgreSQL's statement_timeout on the API's pools (ms; 0: none). */
  PG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(15_000),
  /** PostgreSQL's idle_in_transaction_session_timeout on the API's pools (ms; 0: none). */
  PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  /** The same two for the worker's pool (jobs: CSV exports, reconciliation, newsletters), longer. */
  PG_JOB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
  PG_JOB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
});

export type Config = {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  /** The application role's connection (none: the embedded database). */
  databaseUrl?: string;
  /** The owner's connection (migrations, console commands, demo data); none: `databaseUrl` is used for both. */
  databaseOwnerUrl?: string;
  dataDir: string;
  pgPort: number;
  /** Connections the API keeps to PostgreSQL at most (PG_POOL_SIZE, else defaultPoolSize()). */
  pgPoolSize: number;
  appUrl: string;
  /** What the worker's mailer needs: SMTP when `smtpUrl` is set, else .eml files in `outboxDir`. */
  mail: { smtpUrl?: string; from: string; outboxDir: string };
  secretsKey: Buffer;
  seedDemo: boolean;
  demoUsers: number;
  maintenance: boolean;
  /**
   * The proxies (addresses, CIDR ranges, or proxy-addr's names loopback, linklocal, uniquelocal)
   * whose X-Forwarded-For gives the client's address; empty: none, the connecting address counts.
   */
  trustProxy: string[];
  logLevel: string;
  runWorker: boolean;
  /** On-chain reads of custodial balances; `rpcUrls` empty means none configured (stored snapshots are used). */
  chain: {
    rpcUrls: string[];
    tokenAddresses: Record<ChainToken, `0x${string}`> | null;
    /** The chain the vault lives on (batches are checked against it); null until known. */
    chainId: number | null;
    /** Start a local Hardhat node at `localPort`, or use `rpcUrl` as the local node; null: neither. */
    local: { start: boolean; port: number; rpcUrl?: string; blockSeconds?: number } | null;
    /** Wait before reading shares after a deposit (seconds); null: 60 on a public chain, 3 locally. */
    shareWaitSeconds: number | null;
  };
  /**
   * The chain watcher (modules/chain-watcher): off, or on the configured chain once it is known;
   * confirmations null: the chain table's default for the chain.
   */
  chainWatch: {
    enabled: boolean;
    confirmations: number | null;
    blockRange: number;
    pollMs: number;
    startBlock: number | null;
    /** null: on the local chain only (a public token's strangers' transfers would fill the table). */
    recordUnknown: boolean | null;
  };
  /** Webhook delivery (modules/webhooks): off, or its timeout, backoff and concurrency. */
  webhooks: {
    enabled: boolean;
    timeoutMs: number;
    retryBaseMs: number;
    retryMaxMs: number;
    retryForMs: number;
    concurrency: number;
    pollMs: number;
  };
  dashboardCacheSeconds: number;
  /** GET /metrics: the scraper's token (none: 404) and how long its database reads are reused. */
  metrics: { token?: string; cacheSeconds: number };
  /** A worker run alone: the port of its health and metrics server, and its heartbeat interval (seconds). */
  worker: { port: number; heartbeatSeconds: number };
  /** The shared file store (files/file-store.ts): the local folder, or an S3-compatible bucket. */
  files: FileStoreConfig;
  /**
   * Anchoring the audit trail's head (modules/audit/audit-anchors.ts): the signing key (null: none given; the local
   * chain then uses its public test key) and the schedule (null: on demand only).
   */
  auditAnchor: { key: `0x${string}` | null; cron: string | null };
  /** SHUTDOWN_DEADLINE_MS: how long a stop waits for in-flight requests and running jobs before cutting them. */
  shutdownDeadlineMs: number;
  /** Service clients (modules/integrations): whether a webhook URL may be plain http on the local network. */
  integrations: { allowHttpWebhooks: boolean };
  /** PostgreSQL timeouts per pool: the API's requests, and the worker's jobs (exports and reports run there). */
  pgTimeouts: { requests: PoolTimeouts; jobs: PoolTimeouts };
};

/** statement_timeout and idle_in_transaction_session_timeout of a pool's sessions, in ms (0: none). */
export type PoolTimeouts = { statementMs: number; idleInTransactionMs: number };

export type FileStoreConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      /** None: AWS S3 itself (the region's endpoint). */
      endpoint?: string;
      region: string;
      /** None: the SDK's default chain (instance role, AWS_* variables, profile). */
      credentials?: { accessKeyId: string; secretAccessKey: string };
      forcePathStyle: boolean;
      /** Where a streamed file (a CSV export) is spooled while its address is computed, before upload. */
      spoolDir: string;
    };

const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

function parseFileStore(e: z.infer<typeof envSchema>, dataDir: string): FileStoreConfig {
  if (e.FILE_STORE === 'local') {
    // S3 variables beside the local store would keep files on one machine while the operator believes them shared.
    const stray = S3_VARIABLES.filter((name) => e[name] !== undefined);
    if (stray.length)
      throw new Error(
        `Invalid configuration: ${stray.join(', ')} set but FILE_STORE is not s3 (set FILE_STORE=s3 to use the bucket)`,
      );
    return { kind: 'local', dir: path.join(dataDir, 'files') };
  }
  if (!e.S3_BUCKET) throw new Error('Invalid configuration: S3_BUCKET is required when FILE_STORE=s3');
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new Error(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (set both, or neither to use the default AWS credentials)',
    );
  }
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
    region: e.S3_REGION ?? 'us-east-1',
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
    spoolDir: path.join(dataDir, 'tmp', 'file-spool'),
  };
}

export const CHAIN_TOKENS = ['BUSD', 'VLT', 'xBUSD'] as const;
export type ChainToken = (typeof CHAIN_TOKENS)[number];

type ChainBase = Pick<Config['chain'], 'rpcUrls' | 'tokenAddresses'>;
function parseChain(rpcRaw: string | undefined, tokensRaw: string | undefined): ChainBase {
  const rpcUrls = (rpcRaw ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  for (const url of rpcUrls) {
    if (!/^https?:\/\/\S+$/.test(url))
      throw new Error(`Invalid configuration: CHAIN_RPC_URLS: not an http(s) URL: ${url}`);
  }
  const given = new Map<string, string>();
  for (const pair of (tokensRaw ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, address] = pair.split('=').map((x) => x.trim());
    if (!name || !address || !/^0x[0-9a-fA-F]{40}$/.test(address)) {
      throw new Error(`Invalid configuration: CHAIN_TOKEN_ADDRESSES: expected NAME=0x<40 hex>, got ${pair}`);
    }
    given.set(name, address);
  }
  if (rpcUrls.length === 0) return { rpcUrls, tokenAddresses: null };
  // Half a reading (BNB on chain, tokens from an old snapshot) would be labelled live while it is not: all or nothing.
  const missing = CHAIN_TOKENS.filter((t) => !given.has(t));
  if (missing.length)
    throw new Error(
      `Invalid configuration: CHAIN_TOKEN_ADDRESSES must name ${missing.join(', ')} when CHAIN_RPC_URLS is set`,
    );
  return {
    rpcUrls,
    tokenAddresses: Object.fromEntries(CHAIN_TOKENS.map((t) => [t, given.get(t)])) as Record<ChainToken, `0x${string}`>,
  };
}

/** proxy-addr's names for address ranges (Fastify's trustProxy accepts them beside addresses and CIDRs). */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY as the list Fastify's trustProxy takes. `true` (every caller trusted, so anyone
 * reaching an instance directly chose their own address) is refused: the proxies are named.
 */
export function parseTrustProxy(raw: string | undefined): string[] {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return [];
  if (value === 'true' || value === '1')
    throw new Error(
      `TRUST_PROXY=${value} would believe X-Forwarded-For from any caller: name the proxies' addresses or ranges instead (e.g. TRUST_PROXY=10.0.0.5,10.1.0.0/16, or loopback)`,
    );
  const entries = value.split(',').map((p) => p.trim());
  for (const entry of entries) {
    if (PROXY_RANGE_NAMES.includes(entry)) continue;
    const [address, prefix, ...rest] = entry.split('/');
    const family = net.isIP(address ?? '');
    const prefixOk =
      prefix === undefined ||
      (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32)) ||
      (family === 4 && net.isIPv4(prefix));
    if (!family || !prefixOk || rest.length)
      throw new Error(
        `TRUST_PROXY: not an address, a CIDR range or one of ${PROXY_RANGE_NAMES.join(', ')}: "${entry}" (a comma-separated list of the proxies)`,
      );
  }
  return entries;
}

/**
 * What production refuses to start with, each a sentence naming the variable and what to do.
 * (An account still holding a demo credential is the other refusal: demo/demo-credentials.ts,
 * checked once the database is open.)
 */
function productionProblems(e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (!e.SECRETS_KEY) problems.push('SECRETS_KEY is required in production');
  if (!e.DATABASE_URL && e.EMBEDDED_DATABASE !== true)
    problems.push(
      'DATABASE_URL is required in production (set EMBEDDED_DATABASE=true to run the embedded PostgreSQL in DATA_DIR on purpose)',
    );
  if (!e.APP_URL)
    problems.push(
      'APP_URL is required in production (the public address of e-mailed links and of the security headers)',
    );
  if (e.SEED_DEMO === true)
    problems.push('SEED_DEMO=true is refused in production (demo accounts have published passwords): unset it');
  return problems;
}

function parseKey(raw: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes, as 64 hex characters or base64');
  return key;
}

/**
 * Twice the cores plus one: PostgreSQL runs as many queries at once as it has cores, and more
 * connections than that only make it time-slice them. On the 2-core bench machine, 16
 * concurrent searches had a p95 of 23 ms through 20 connections and 12 ms through 4-6, at the
 * same throughput (bench/results/2026-11-22-pool-size.md). Requests beyond the pool wait in
 * the API's queue, in order.
 */
export const defaultPoolSize = (cores = os.availableParallelism()) => 2 * cores + 1;

/** Reads and validates the environment once; fails fast with every problem named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means unset, as shells and .env files write it.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.DATABASE_OWNER_URL && !e.DATABASE_URL)
    throw new Error(
      "Invalid configuration: DATABASE_OWNER_URL is given without DATABASE_URL (the application role's connection)",
    );
  const dataDir = path.resolve(e.DATA_DIR);
  const production = e.NODE_ENV === 'production';
  const problems = production ? productionProblems(e) : [];
  if (e.EMBEDDED_DATABASE === true && e.DATABASE_URL)
    problems.push('EMBEDDED_DATABASE=true and DATABASE_URL name two databases: set one of them');
  if (e.EMBEDDED_DATABASE === false && !e.DATABASE_URL)
    problems.push('EMBEDDED_DATABASE=false needs DATABASE_URL (the PostgreSQL to use)');
  let trustProxy: string[] = [];
  try {
    trustProxy = parseTrustProxy(e.TRUST_PROXY);
  } catch (err) {
    problems.push((err as Error).message);
  }
  // Every problem in one line, so a start that is refused says all it needs at once.
  if (problems.length) throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  let secretsKey: Buffer;
  if (e.SECRETS_KEY) secretsKey = parseKey(e.SECRETS_KEY);
  else {
    // Outside production a key is made once and kept beside the embedded database.
    const keyFile = path.join(dataDir, 'secrets.key');
    if (!existsSync(keyFile)) {
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(keyFile, randomBytes(32).toString('hex'), { mode: 0o600 });
    }
    secretsKey = parseKey(readFileSync(keyFile, 'utf8').trim());
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseOwnerUrl: e.DATABASE_OWNER_URL,
    dataDir,
    pgPort: e.PG_PORT ?? defaultPgPort(e.PORT),
    pgPoolSize: e.PG_POOL_SIZE ?? defaultPoolSize(),
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    mail: { smtpUrl: e.SMTP_URL || undefined, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'mail-outbox') },
    secretsKey,
    seedDemo: e.SEED_DEMO ?? !production,
    demoUsers: e.DEMO_USERS,
    maintenance: e.MAINTENANCE ?? false,
    trustProxy,
    logLevel: e.LOG_LEVEL,
    runWorker: e.WORKER ?? true,
    chain: {
      ...parseChain(e.CHAIN_RPC_URLS, e.CHAIN_TOKEN_ADDRESSES),
      chainId: e.CHAIN_ID ?? (e.CHAIN_RPC_URLS ? 56 : null),
      local: e.CHAIN_RPC_URL
        ? { start: false, port: 0, rpcUrl: e.CHAIN_RPC_URL }
        : (e.CHAIN ?? e.NODE_ENV === 'development') && !e.CHAIN_RPC_URLS
          ? { start: true, port: e.CHAIN_PORT ?? defaultChainPort(e.PORT), blockSeconds: e.LOCAL_CHAIN_BLOCK_SECONDS }
          : null,
      shareWaitSeconds: e.BATCH_SHARE_WAIT_SECONDS ?? null,
    },
    chainWatch: {
      enabled: e.CHAIN_WATCH ?? true,
      confirmations: e.CHAIN_WATCH_CONFIRMATIONS ?? null,
      blockRange: e.CHAIN_WATCH_BLOCK_RANGE,
      pollMs: e.CHAIN_WATCH_POLL_MS,
      startBlock: e.CHAIN_WATCH_START_BLOCK ?? null,
      recordUnknown: e.CHAIN_WATCH_RECORD_UNKNOWN ?? null,
    },
    webhooks: {
      enabled: e.WEBHOOKS ?? true,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
      retryMaxMs: e.WEBHOOK_RETRY_MAX_MS,
      retryForMs: Math.round(e.WEBHOOK_RETRY_HOURS * 3_600_000),
      concurrency: e.WEBHOOK_CONCURRENCY,
      pollMs: e.WEBHOOK_POLL_MS,
    },
    dashboardCacheSeconds: e.DASHBOARD_CACHE_SECONDS,
    metrics: { token: e.METRICS_TOKEN, cacheSeconds: e.METRICS_CACHE_SECONDS },
    worker: { port: e.WORKER_PORT, heartbeatSeconds: e.WORKER_HEARTBEAT_SECONDS },
    files: parseFileStore(e, dataDir),
    auditAnchor: {
      key: (e.AUDIT_ANCHOR_KEY as `0x${string}` | undefined) ?? null,
      cron: e.AUDIT_ANCHOR_CRON === 'off' ? null : e.AUDIT_ANCHOR_CRON,
    },
    shutdownDeadlineMs: e.SHUTDOWN_DEADLINE_MS,
    integrations: { allowHttpWebhooks: e.INTEGRATIONS_ALLOW_HTTP_WEBHOOKS ?? !production },
    pgTimeouts: {
      requests: { statementMs: e.PG_STATEMENT_TIMEOUT_MS, idleInTransactionMs: e.PG_IDLE_IN_TRANSACTION_TIMEOUT_MS },
      jobs: {
        statementMs: e.PG_JOB_STATEMENT_TIMEOUT_MS,
        idleInTransactionMs: e.PG_JOB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      },
    },
  };
}
