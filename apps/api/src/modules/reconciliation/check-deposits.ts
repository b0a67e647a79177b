import { decodeEventLog, erc20Abi, type Hash, type TransactionReceipt } from 'viem';
import { chainAnswers, createChainClient, LOCAL_CHAIN_ID, readReceipt } from '@vaultdesk/chain';
import type { DepositUnbackedRow } from '@vaultdesk/contract';
import { toIso } from '../../timestamps/iso';
import { inSnapshot, type Conn, type ReconcileChain } from './reconciliation-shared';

type Credited = {
  id: string;
  chain_id: number;
  tx_hash: string;
  log_index: number;
  token: string;
  currency: string;
  to_address: string;
  amount_wei: string;
  amount: string;
  username: string | null;
  decided_at: Date | null;
};

/** What is wrong with a credit against its receipt (null: the receipt backs it). */
export function depositProblem(
  receipt: TransactionReceipt,
  d: Credited,
  configuredToken: string | null,
): string | null {
  if (receipt.status !== 'success') return 'the transaction failed on the chain';
  if (configuredToken && configuredToken !== d.token)
    return `the token ${d.token} is not the configured ${d.currency} contract ${configuredToken}`;
  const log = receipt.logs.find((l) => l.logIndex === d.log_index);
  if (!log) return `the receipt has no log at index ${d.log_index}`;
  if (log.address.toLowerCase() !== d.token) return `the log at index ${d.log_index} is not from the token ${d.token}`;
  let args: { from: string; to: string; value: bigint } | null = null;
  try {
    const e = decodeEventLog({ abi: erc20Abi, data: log.data, topics: log.topics });
    if (e.eventName === 'Transfer') args = e.args;
  } catch {
    args = null;
  }
  if (!args) return `the log at index ${d.log_index} is not a Transfer`;
  if (args.to.toLowerCase() !== d.to_address)
    return `the Transfer went to ${args.to.toLowerCase()}, not ${d.to_address}`;
  if (args.value !== BigInt(d.amount_wei))
    return `the Transfer moved ${args.value} wei, the credit says ${d.amount_wei} wei (${d.amount} ${d.currency})`;
  return null;
}

/**
 * Every deposit the chain watcher credited against its receipt on the configured chain: the
 * transaction succeeded and holds, at the credit's log index, a Transfer of the recorded token
 * with that amount to that address. A credit the receipt does not back is unexplained. Not
 * checked: credits on another chain than the one configured, every credit when no chain is
 * configured or the chain does not answer, and, on the local chain 31337 (which keeps its state in
 * memory, so a restart forgets its transactions), a transaction it does not know.
 */
export async function depositsPart(c: Conn, chain: ReconcileChain) {
  const { rows } = await inSnapshot(c, () =>
    c.query<Credited>(
      `SELECT d.id::text AS id, d.chain_id, d.tx_hash, d.log_index, d.token, d.currency, d.to_address,
              d.amount_wei::text AS amount_wei, trim_scale(d.amount)::text AS amount, u.username::text AS username, d.decided_at
         FROM chain_deposits d LEFT JOIN users u ON u.id = d.user_id
        WHERE d.status = 'credited'
        ORDER BY d.decided_at DESC NULLS LAST, d.id DESC`,
    ),
  );
  const client = chain.rpcUrls.length && chain.chainId !== null ? createChainClient(chain.rpcUrls) : null;
  const answers = client && rows.length ? await chainAnswers(client) : false;
  const tokens = Object.fromEntries(
    Object.entries(chain.tokenAddresses ?? {}).map(([k, v]) => [k, v ? String(v).toLowerCase() : null]),
  );
  const unbacked: DepositUnbackedRow[] = [];
  let notChecked = 0;
  const row = (d: Credited, problem: string): DepositUnbackedRow => ({
    depositId: d.id,
    chainId: d.chain_id,
    txHash: d.tx_hash,
    logIndex: d.log_index,
    currency: d.currency,
    amount: d.amount,
    toAddress: d.to_address,
    username: d.username,
    creditedAt: toIso(d.decided_at),
    problem,
  });
  const mine = rows.filter((d) => client && answers && d.chain_id === chain.chainId);
  notChecked += rows.length - mine.length;
  // One receipt per transaction (a transaction may carry several deposits), a few at a time.
  const hashes = [...new Set(mine.map((d) => d.tx_hash))];
  const receipts = new Map<string, TransactionReceipt | null>();
  for (let i = 0; i < hashes.length; i += 8) {
    const batch = hashes.slice(i, i + 8);
    const got = await Promise.all(batch.map((h) => readReceipt(client!, h as Hash)));
    batch.forEach((h, j) => receipts.set(h, got[j] ?? null));
  }
  for (const d of mine) {
    const receipt = receipts.get(d.tx_hash) ?? null;
    if (!receipt) {
      if (chain.chainId === LOCAL_CHAIN_ID) notChecked++;
      else unbacked.push(row(d, `no receipt for the transaction on chain ${d.chain_id}`));
      continue;
    }
    const problem = depositProblem(receipt, d, tokens[d.currency] ?? null);
    if (problem) unbacked.push(row(d, problem));
  }
  return { summary: { credited: rows.length, unbacked: unbacked.length, notChecked }, all: unbacked };
}
