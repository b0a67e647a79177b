import { parseArgs } from 'node:util';

/**
 * The transfer simulator on the local chain (docs/decisions/chain-watcher.md): token transfers from
 * Hardhat's unlocked accounts 10 to 18 to customers' wallet addresses (the first N by address, read
 * from the database: DATABASE_URL, or the embedded database in DATA_DIR the way the server finds it)
 * or to the addresses given, at a given rate. One line per transfer sent (hash, log index, block, to,
 * amount, token), then a summary. Exit 2: bad arguments (one line, nothing sent); 1: the chain or the
 * database could not be used.
 */
// Checked before anything heavy is loaded (viem, the configuration, the database: seconds on a busy machine), so a bad
// argument answers at once. The same as @vaultdesk/chain/transfers' SIMULATED_TOKENS and SENDER_ACCOUNTS.max.
const TOKENS = ['BUSD', 'VLT'];
const MAX_SENDERS = 9;
const USAGE =
  'usage: npm run chain:transfers -- [--rate 5] [--count 100] [--to 0x..,0x.. | --customers 10] [--token BUSD,VLT] [--amount 12.5] [--senders 3] [--per-block N] [--rpc URL] [--json]';

function fail(code: number, message: string): never {
  process.stderr.write(`chain:transfers: ${message}\n`);
  process.exit(code);
}

let values: Record<string, string | boolean | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      rate: { type: 'string', default: '2' },
      count: { type: 'string', default: '10' },
      to: { type: 'string' },
      customers: { type: 'string' },
      token: { type: 'string', default: 'BUSD,VLT' },
      amount: { type: 'string' },
      senders: { type: 'string', default: '3' },
      'per-block': { type: 'string' },
      rpc: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  }));
} catch (err) {
  fail(2, `${(err instanceof Error ? err.message.split('\n')[0]! : String(err)).replace(/\.+$/, '')}. ${USAGE}`);
}

const intIn = (name: string, raw: string, min: number, max: number) => {
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    fail(2, `--${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return Number(raw);
};
const rateRaw = values.rate as string;
if (!/^\d+(\.\d+)?$/.test(rateRaw) || Number(rateRaw) <= 0 || Number(rateRaw) > 1000)
  fail(2, `--rate must be transfers per second, more than 0 and at most 1000, got "${rateRaw}"`);
const rate = Number(rateRaw);
const count = intIn('count', values.count as string, 1, 1_000_000);
const senders = intIn('senders', values.senders as string, 1, MAX_SENDERS);
const perBlock = values['per-block'] === undefined ? null : intIn('per-block', values['per-block'] as string, 1, 1000);
const tokens = (values.token as string).split(',').map((t) => t.trim().toUpperCase());
for (const t of tokens)
  if (!TOKENS.includes(t)) fail(2, `--token must be BUSD, VLT or BUSD,VLT, got "${values.token as string}"`);
let amount: string | null = null;
if (values.amount !== undefined) {
  const raw = values.amount as string;
  if (!/^\d{1,9}(\.\d{1,18})?$/.test(raw) || !/[1-9]/.test(raw))
    fail(
      2,
      `--amount must be tokens per transfer, more than 0, at most 18 decimals and below 1,000,000,000, got "${raw}"`,
    );
  amount = raw;
}
if (values.to !== undefined && values.customers !== undefined) fail(2, 'give --to or --customers, not both');
let recipients: `0x${string}`[] = [];
if (values.to !== undefined) {
  const list = (values.to as string).split(',').map((a) => a.trim());
  if (list.length > 10_000) fail(2, `--to takes at most 10000 addresses, got ${list.length}`);
  for (const a of list) if (!/^0x[0-9a-fA-F]{40}$/.test(a)) fail(2, `--to: not an address: "${a}"`);
  // Lowercase: a mixed-case address is not refused for its checksum (the chain does not check one).
  recipients = list.map((a) => a.toLowerCase() as `0x${string}`);
}
const customers =
  values.to === undefined ? intIn('customers', (values.customers as string | undefined) ?? '10', 1, 100_000) : 0;
if (values.rpc !== undefined && !/^https?:\/\/\S+$/.test(values.rpc as string))
  fail(2, `--rpc must be an http(s) URL, got "${values.rpc as string}"`);

const { loadConfig } = await import('../config/config');
const { defaultChainPort } = await import('@vaultdesk/chain/node');
const { checkLocalChain, sendTransfers } = await import('@vaultdesk/chain/transfers');
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  fail(2, err instanceof Error ? err.message : String(err));
}
const url =
  (values.rpc as string | undefined) ??
  config.chain.local?.rpcUrl ??
  `http://127.0.0.1:${config.chain.local?.port || defaultChainPort(config.port)}`;

try {
  await checkLocalChain(url);
} catch (err) {
  fail(1, err instanceof Error ? err.message : String(err));
}

if (customers) {
  const { openOwnerDatabase } = await import('./owner-database');
  const { db, close } = await openOwnerDatabase(config, 1);
  try {
    // The index on lower(address) (migration 0043) gives the first N in order without reading every wallet.
    const { rows } = await db.$client.query<{ address: `0x${string}` }>(
      `SELECT w.address FROM wallets w
        WHERE w.is_active AND w.address ~* '^0x[0-9a-f]{40}$'
        ORDER BY lower(w.address) LIMIT $1`,
      [customers],
    );
    recipients = rows.map((r) => r.address.toLowerCase() as `0x${string}`);
  } catch (err) {
    await close();
    fail(1, `could not read the customers' wallets: ${err instanceof Error ? err.message : String(err)}`);
  }
  await close();
  if (recipients.length === 0) fail(1, 'no customer wallet with an address in the database (seed demo data first)');
}

const started = performance.now();
try {
  const sent = await sendTransfers({
    url,
    recipients,
    count,
    rate,
    tokens: tokens as ('BUSD' | 'VLT')[],
    amount,
    senders,
    perBlock,
    onSent: (t) =>
      process.stdout.write(
        values.json
          ? `${JSON.stringify({ hash: t.hash, logIndex: t.logIndex, block: Number(t.blockNumber), from: t.from, to: t.to, amount: t.amount, token: t.token })}\n`
          : `${t.hash} log ${t.logIndex} block ${t.blockNumber} to ${t.to} ${t.amount} ${t.token}\n`,
      ),
  });
  const seconds = (performance.now() - started) / 1000;
  const blocks = new Set(sent.map((t) => t.blockNumber)).size;
  const summary = `sent ${sent.length} transfers to ${new Set(recipients.map((r) => r.toLowerCase())).size} addresses in ${blocks} blocks from ${senders} accounts in ${seconds.toFixed(1)} s (${(sent.length / seconds).toFixed(1)}/s) on ${url}`;
  process.stdout.write(values.json ? `${JSON.stringify({ summary })}\n` : `${summary}\n`);
} catch (err) {
  fail(1, `stopped: ${err instanceof Error ? err.message : String(err)}`);
}
// Explicitly: an embedded database started for --customers ends the process on its own terms otherwise.
process.exit(0);
