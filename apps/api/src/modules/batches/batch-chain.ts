import { createPublicClient, decodeEventLog, decodeFunctionData, fallback, formatUnits, http, parseUnits, type Hash } from 'viem';
import { TOKEN_DECIMALS, vaultAbi } from '@vaultdesk/chain';
import type { Config } from '../../config/config';
import { badRequest, conflict } from '../../http/errors';

export type BatchCheck = { hash: Hash; action: 'deposit' | 'withdraw'; amount: string; block: string; senders: string[] };
export type CheckedBatch = { from: string; block: bigint; gasUsed: bigint; tokens: string };
export type BatchVerifier = (check: BatchCheck) => Promise<CheckedBatch>;

/** Withdrawals pay out for whole shares: the vault may pay this much (0.000001 token) over the list's amount, never less. */
export const WITHDRAW_TOLERANCE_WEI = 10n ** 12n;

/**
 * Checks a batch's transaction on the configured chain before anything is saved: it exists, it
 * succeeded, it called the configured vault's deposit (or withdraw) from a known custodial
 * address, in the block given, for the list's amount. Any difference is a 400 naming it.
 */
/** A reader of the configured chain for the checks made against it (batches, payouts, reconciliation): its endpoints in turn. */
export const chainReader = (rpcUrls: string[]) =>
  createPublicClient({ transport: fallback(rpcUrls.map((u) => http(u, { timeout: 8_000, retryCount: 1 }))) });

export function createBatchVerifier(chain: Config['chain']): BatchVerifier {
  let client: ReturnType<typeof chainReader> | null = null;
  return async (c) => {
    const vault = chain.tokenAddresses?.xBUSD;
    if (!chain.rpcUrls.length || !vault) throw conflict('No chain is configured: batches cannot be checked, so none can be saved');
    client ??= chainReader(chain.rpcUrls);
    const [tx, receipt] = await Promise.all([
      client.getTransaction({ hash: c.hash }).catch(() => null),
      client.getTransactionReceipt({ hash: c.hash }).catch(() => null),
    ]);
    if (!tx || !receipt) throw badRequest('transactionHash: no such transaction on the chain', { transactionHash: ['No such transaction on the chain'] });
    if (receipt.status !== 'success') throw badRequest('transactionHash: the transaction reverted on the chain', { transactionHash: ['The transaction reverted'] });
    if (!tx.to || tx.to.toLowerCase() !== vault.toLowerCase()) {
      throw badRequest(`transactionHash: the transaction was sent to ${tx.to ?? 'no contract'}, not to the vault ${vault}`, { transactionHash: ['Not sent to the configured vault'] });
    }
    if (!c.senders.includes(tx.from.toLowerCase())) {
      throw badRequest(`transactionHash: the transaction was sent from ${tx.from}, which is not a custodial wallet`, { transactionHash: ['Not sent from a custodial wallet'] });
    }
    if (BigInt(c.block) !== receipt.blockNumber) {
      throw badRequest(`block: the transaction is in block ${receipt.blockNumber}, not ${c.block}`, { block: [`The transaction is in block ${receipt.blockNumber}`] });
    }
    let call: ReturnType<typeof decodeFunctionData<typeof vaultAbi>>;
    try {
      call = decodeFunctionData({ abi: vaultAbi, data: tx.input });
    } catch {
      throw badRequest('transactionHash: the transaction is not a vault deposit or withdraw', { transactionHash: ['Not a vault deposit or withdraw'] });
    }
    if (call.functionName !== c.action) {
      throw badRequest(`action: the transaction is a vault ${call.functionName}, not a ${c.action}`, { action: [`The transaction is a ${call.functionName}`] });
    }
    const wanted = parseUnits(c.amount, TOKEN_DECIMALS);
    let tokens: bigint;
    if (c.action === 'deposit') {
      tokens = call.args![0] as bigint;
      if (tokens !== wanted) throw badRequest(`amount: the transaction deposited ${formatUnits(tokens, TOKEN_DECIMALS)}, the process list holds ${c.amount}`, { amount: ['Differs from the transaction'] });
    } else {
      const paid = receipt.logs
        .filter((l) => l.address.toLowerCase() === vault.toLowerCase())
        .map((l) => { try { return decodeEventLog({ abi: vaultAbi, data: l.data, topics: l.topics }); } catch { return null; } })
        .find((e) => e?.eventName === 'Withdraw');
      tokens = paid && paid.eventName === 'Withdraw' ? paid.args.amount : 0n;
      if (tokens < wanted || tokens - wanted > WITHDRAW_TOLERANCE_WEI) {
        throw badRequest(`amount: the transaction withdrew ${formatUnits(tokens, TOKEN_DECIMALS)}, the process list holds ${c.amount}`, { amount: ['Differs from the transaction'] });
      }
    }
    return { from: tx.from.toLowerCase(), block: receipt.blockNumber, gasUsed: receipt.gasUsed, tokens: formatUnits(tokens, TOKEN_DECIMALS) };
  };
}
