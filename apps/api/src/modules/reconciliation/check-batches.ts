import { formatUnits, parseUnits, type Hash } from 'viem';
import {
  createChainClient,
  LOCAL_CHAIN_ID,
  readTransaction,
  REPLAY_LIMIT,
  TOKEN_DECIMALS,
  vaultAmountMatches,
  vaultCall,
  vaultWithdrawn,
} from '@vaultdesk/chain';
import type { BatchCheckRow } from '@vaultdesk/contract';
import { inSnapshot, type Conn, type ReconcileChain } from './reconciliation-shared';

type SavedBatch = {
  id: string;
  process_list_id: string;
  action: string;
  transaction_hash: string | null;
  network: number | null;
  amount: string | null;
  block: string | null;
  gas_used: string | null;
  from_address: string | null;
  created_at: Date;
  list_type: string;
  list_hash: string | null;
  items_total: string | null;
  items_count: number;
  item_plans: number;
  plans_total: string | null;
  plans_count: number;
  saved_items: number | null;
  saved_amount: string | null;
  recent: boolean;
};

const STATUS_ORDER: Record<BatchCheckRow['status'], number> = {
  mismatching: 0,
  'not-on-chain': 1,
  'not-checked': 2,
  matching: 3,
};
const sameAmount = (a: string | null, b: string | null) =>
  a !== null && b !== null && parseUnits(a, TOKEN_DECIMALS) === parseUnits(b, TOKEN_DECIMALS);

/**
 * Every saved batch (one with a process list): first against the database (its list's hash and
 * type, its items' total and count, its plan parts, what the save recorded), then against the
 * chain's transaction and receipt (succeeded, sent to the vault from the batch's custodial sender,
 * the vault call of its action, the amount, the block and gas recorded).
 * A hash the chain does not know is "not on this chain" on the local chain 31337, which keeps its
 * state in memory (each start replays only the most recent saved batches), and when the batch was
 * saved on another chain than the one configured; on the configured public chain it is a mismatch.
 * Without a chain nothing is compared on chain ("not checked"), but the database checks still run.
 */
export async function batchesPart(c: Conn, chain: ReconcileChain) {
  // The database's side in one snapshot; the chain is asked afterwards, outside the transaction.
  const [
    { rows },
    {
      rows: [history],
    },
    { rows: custodial },
  ] = await inSnapshot(
    c,
    async () =>
      [
        await c.query<SavedBatch>(
          `
    WITH recent AS (
      -- The lists a start of the local chain replays (boot/local-chain.ts: the most recent saved lists).
      SELECT pl.id FROM process_lists pl
       WHERE pl.status <> 0 AND pl.transaction_hash IS NOT NULL AND pl.batch_id IS NOT NULL
         AND EXISTS (SELECT 1 FROM queue_items qi WHERE qi.process_list_id = pl.id)
       ORDER BY pl.updated_at DESC LIMIT $1)
    SELECT b.id, b.process_list_id, b.action, b.transaction_hash, b.network, trim_scale(b.amount)::text AS amount,
           b.block::text AS block, b.gas_used::text AS gas_used, lower(b.from_address) AS from_address, b.created_at,
           pl.type AS list_type, pl.transaction_hash AS list_hash,
           i.total AS items_total, i.n AS items_count, i.plans AS item_plans, bp.total AS plans_total, bp.n AS plans_count,
           (a.after ->> 'items')::int AS saved_items, a.after ->> 'amount' AS saved_amount,
           b.process_list_id IN (SELECT id FROM recent) AS recent
      FROM batches b JOIN process_lists pl ON pl.id = b.process_list_id
      CROSS JOIN LATERAL (
        SELECT trim_scale(sum(qi.amount))::text AS total, count(*)::int AS n, count(DISTINCT qi.plan_id)::int AS plans
          FROM queue_items qi WHERE qi.process_list_id = b.process_list_id AND qi.status IN ('processing', 'done')) i
      CROSS JOIN LATERAL (SELECT trim_scale(sum(amount))::text AS total, count(*)::int AS n FROM batch_plans WHERE batch_id = b.id) bp
      LEFT JOIN LATERAL (
        SELECT after FROM audit_log WHERE action = 'batch.' || b.action || '.save' AND target_type = 'process_list' AND target_id = b.process_list_id::text
         ORDER BY id DESC LIMIT 1) a ON true
     ORDER BY b.created_at DESC, b.id`,
          [REPLAY_LIMIT],
        ),
        await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM batches WHERE process_list_id IS NULL`),
        await c.query<{ address: string }>(`SELECT lower(address) AS address FROM custodial_wallets`),
      ] as const,
  );
  const senders = new Set(custodial.map((w) => w.address));

  const vault = chain.tokenAddresses?.xBUSD?.toLowerCase() ?? null;
  const client = chain.rpcUrls.length && vault && chain.chainId !== null ? createChainClient(chain.rpcUrls) : null;

  const check = async (b: SavedBatch): Promise<BatchCheckRow> => {
    const problems: string[] = [];
    // The database first: these need no chain.
    if (b.list_hash !== b.transaction_hash)
      problems.push(
        `the process list's hash ${b.list_hash ?? 'none'} is not the batch's ${b.transaction_hash ?? 'none'}`,
      );
    if (b.list_type !== b.action) problems.push(`the process list is a ${b.list_type} list, the batch a ${b.action}`);
    if (!b.items_count) problems.push('the process list has no items');
    else if (!sameAmount(b.amount, b.items_total))
      problems.push(`amount: the batch says ${b.amount ?? 'none'}, its items total ${b.items_total}`);
    if (b.plans_count && (b.plans_count !== b.item_plans || !sameAmount(b.plans_total, b.items_total))) {
      problems.push(
        `plans: the batch carries ${b.plans_count} plan parts totalling ${b.plans_total}, its items ${b.item_plans} plans totalling ${b.items_total}`,
      );
    }
    if (b.saved_items !== null && b.saved_items !== b.items_count)
      problems.push(`items: ${b.saved_items} when saved, ${b.items_count} now`);
    if (b.saved_amount !== null && !sameAmount(b.saved_amount, b.items_total))
      problems.push(`items total: ${b.saved_amount} when saved, ${b.items_total} now`);

    const row = (status: BatchCheckRow['status'], chainAmount: string | null, extra: string[] = []): BatchCheckRow => ({
      batchId: b.id,
      processListId: b.process_list_id,
      action: b.action,
      transactionHash: b.transaction_hash,
      network: b.network,
      status: problems.length ? 'mismatching' : status,
      problems: [...problems, ...extra],
      amount: b.amount,
      itemsTotal: b.items_total,
      itemsCount: b.items_count,
      chainAmount,
      block: b.block,
      savedAt: b.created_at.toISOString(),
    });
    if (!client) return row('not-checked', null, ['No chain is configured: the transaction could not be compared']);
    if (b.network !== null && b.network !== chain.chainId) {
      return row('not-on-chain', null, [`Saved on chain ${b.network}; the server works with chain ${chain.chainId}`]);
    }
    const hash = b.transaction_hash;
    const valid = !!hash && /^0x[0-9a-fA-F]{64}$/.test(hash);
    const found = valid ? await readTransaction(client, hash as Hash) : null;
    if (!found) {
      if (chain.chainId === LOCAL_CHAIN_ID) {
        return row('not-on-chain', null, [
          b.recent
            ? `Not on this local chain: it is among the ${REPLAY_LIMIT} most recent saved batches a start of the local chain replays, so this chain was not started by this server or was restarted without the replay`
            : `Not on this local chain: the local chain keeps its state in memory and a start replays only the ${REPLAY_LIMIT} most recent saved batches`,
        ]);
      }
      return row('mismatching', null, [`transaction: no such transaction on chain ${chain.chainId}`]);
    }
    const { tx, receipt } = found;
    const onChain: string[] = [];
    if (receipt.status !== 'success') onChain.push('status: the transaction reverted on the chain');
    if (!tx.to || tx.to.toLowerCase() !== vault)
      onChain.push(`to: sent to ${tx.to ?? 'no contract'}, not to the vault ${vault}`);
    const from = tx.from.toLowerCase();
    if (b.from_address && b.from_address !== from)
      onChain.push(`sender: sent from ${from}, the batch says ${b.from_address}`);
    if (!senders.has(from)) onChain.push(`sender: ${from} is not a custodial wallet`);
    if (b.block !== null && BigInt(b.block) !== receipt.blockNumber)
      onChain.push(`block: in block ${receipt.blockNumber}, the batch says ${b.block}`);
    if (b.gas_used !== null && BigInt(b.gas_used) !== receipt.gasUsed)
      onChain.push(`gas: ${receipt.gasUsed} used, the batch says ${b.gas_used}`);
    let chainAmount: string | null = null;
    const call = vaultCall(tx.input);
    if (!call || (call.functionName !== 'deposit' && call.functionName !== 'withdraw'))
      onChain.push('call: not a vault deposit or withdraw');
    else if (call.functionName !== b.action)
      onChain.push(`call: a vault ${call.functionName}, the batch is a ${b.action}`);
    else if (b.amount === null) onChain.push('amount: the batch records none');
    else {
      const wanted = parseUnits(b.amount, TOKEN_DECIMALS);
      const tokens = call.functionName === 'deposit' ? (call.args![0] as bigint) : vaultWithdrawn(receipt, vault!);
      chainAmount = formatUnits(tokens, TOKEN_DECIMALS);
      // A withdrawal pays out for whole shares: up to WITHDRAW_TOLERANCE_WEI over, never under (as save-batch checks).
      if (!vaultAmountMatches(call.functionName, tokens, wanted))
        onChain.push(`amount: the chain moved ${chainAmount}, the batch says ${b.amount}`);
    }
    return onChain.length ? row('mismatching', chainAmount, onChain) : row('matching', chainAmount);
  };

  // A few receipts at a time: the chain's node answers them in parallel without being flooded.
  const checked: BatchCheckRow[] = [];
  for (let i = 0; i < rows.length; i += 8) checked.push(...(await Promise.all(rows.slice(i, i + 8).map(check))));
  checked.sort(
    (a, b) =>
      STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
      b.savedAt.localeCompare(a.savedAt) ||
      a.batchId.localeCompare(b.batchId),
  );
  const count = (s: BatchCheckRow['status']) => checked.filter((r) => r.status === s).length;
  return {
    summary: {
      saved: checked.length,
      matching: count('matching'),
      mismatching: count('mismatching'),
      notOnChain: count('not-on-chain'),
      notChecked: count('not-checked'),
      history: history!.n,
    },
    all: checked,
  };
}
