import { createPublicClient, decodeEventLog, decodeFunctionData, fallback, formatUnits, http, parseUnits, type Hash } from 'viem';
import { TOKEN_DECIMALS, vaultAbi } from '@vaultdesk/chain';
import type { Config } from '../../config/config';
import { AppError, badRequest, conflict } from '../../http/errors';

/**
 * What a transaction is checked against. `block`: the block the caller says it is in (save-batch
 * sends it; Resolve does not). `field`: the input the refusals name (save-batch's
 * `transactionHash`, Resolve's `hash`). `holds`: how the refusal names the amount wanted.
 */
export type BatchCheck = {
  hash: Hash; action: 'deposit' | 'withdraw'; amount: string; block?: string; senders: string[];
  field?: 'transactionHash' | 'hash'; holds?: string;
};
export type CheckedBatch = { from: string; block: bigint; gasUsed: bigint; tokens: string };
export type BatchVerifier = (check: BatchCheck) => Promise<CheckedBatch>;

/** Withdrawals pay out for whole shares: the vault may pay this much (0.000001 token) over the list's amount, never less. */
export const WITHDRAW_TOLERANCE_WEI = 10n ** 12n;

/** A reader of the configured chain for the checks made against it (batches, payouts, reconciliation): its endpoints in turn. */
export const chainReader = (rpcUrls: string[]) =>
  createPublicClient({ transport: fallback(rpcUrls.map((u) => http(u, { timeout: 8_000, retryCount: 1 }))) });

/**
 * Checks a transaction that marks money as moved through the vault (a batch's save, a plan's
 * Resolve) on the configured chain before anything is saved: it exists, it succeeded, it called
 * the configured vault's deposit (or withdraw) from a known custodial address, in the block given
 * (when one is), for the amount wanted. Any difference is a 400 naming it; a chain that does not
 * answer is a 503; no chain configured is a 409. Nothing is written by the caller before it passes.
 */
export function createBatchVerifier(chain: Config['chain']): BatchVerifier {
  let client: ReturnType<typeof chainReader> | null = null;
  return async (c) => {
    const vault = chain.tokenAddresses?.xBUSD;
    if (!chain.rpcUrls.length || !vault) throw conflict('No chain is configured: transactions cannot be checked, so none can be saved');
    client ??= chainReader(chain.rpcUrls);
    const field = c.field ?? 'transactionHash';
    const holds = c.holds ?? 'the process list holds';
    // Refusals about the transaction name the hash; those about the block, action or amount name
    // those fields where the caller sent them (save-batch), else the hash (Resolve sends only the hash).
    const refuse = (name: 'hash' | 'block' | 'action' | 'amount', message: string, short: string) => {
      const f = name === 'hash' || field === 'hash' ? field : name;
      return badRequest(`${f}: ${message}`, { [f]: [short] });
    };
    const [tx, receipt] = await Promise.all([
      client.getTransaction({ hash: c.hash }).catch(() => null),
      client.getTransactionReceipt({ hash: c.hash }).catch(() => null),
    ]);
    if (!tx || !receipt) {
      // Not found, or not reachable: only a chain that answers may say a transaction does not exist.
      await client.getBlockNumber({ cacheTime: 0 }).catch(() => {
        throw new AppError('MAINTENANCE', 'The chain could not be reached to check the transaction: try again shortly');
      });
      throw refuse('hash', 'no such transaction on the chain', 'No such transaction on the chain');
    }
    if (receipt.status !== 'success') throw refuse('hash', 'the transaction reverted on the chain', 'The transaction reverted');
    if (!tx.to || tx.to.toLowerCase() !== vault.toLowerCase()) {
      throw refuse('hash', `the transaction was sent to ${tx.to ?? 'no contract'}, not to the vault ${vault}`, 'Not sent to the configured vault');
    }
    if (!c.senders.includes(tx.from.toLowerCase())) {
      throw refuse('hash', `the transaction was sent from ${tx.from}, which is not a custodial wallet`, 'Not sent from a custodial wallet');
    }
    if (c.block !== undefined && BigInt(c.block) !== receipt.blockNumber) {
      throw refuse('block', `the transaction is in block ${receipt.blockNumber}, not ${c.block}`, `The transaction is in block ${receipt.blockNumber}`);
    }
    let call: ReturnType<typeof decodeFunctionData<typeof vaultAbi>>;
    try {
      call = decodeFunctionData({ abi: vaultAbi, data: tx.input });
    } catch {
      throw refuse('hash', 'the transaction is not a vault deposit or withdraw', 'Not a vault deposit or withdraw');
    }
    if (call.functionName !== c.action) {
      throw refuse('action', `the transaction is a vault ${call.functionName}, not a ${c.action}`, `The transaction is a ${call.functionName}`);
    }
    const wanted = parseUnits(c.amount, TOKEN_DECIMALS);
    let tokens: bigint;
    if (c.action === 'deposit') {
      tokens = call.args![0] as bigint;
      if (tokens !== wanted) throw refuse('amount', `the transaction deposited ${formatUnits(tokens, TOKEN_DECIMALS)}, ${holds} ${c.amount}`, 'Differs from the transaction');
    } else {
      const paid = receipt.logs
        .filter((l) => l.address.toLowerCase() === vault.toLowerCase())
        .map((l) => { try { return decodeEventLog({ abi: vaultAbi, data: l.data, topics: l.topics }); } catch { return null; } })
        .find((e) => e?.eventName === 'Withdraw');
      tokens = paid && paid.eventName === 'Withdraw' ? paid.args.amount : 0n;
      if (tokens < wanted || tokens - wanted > WITHDRAW_TOLERANCE_WEI) {
        throw refuse('amount', `the transaction withdrew ${formatUnits(tokens, TOKEN_DECIMALS)}, ${holds} ${c.amount}`, 'Differs from the transaction');
      }
    }
    return { from: tx.from.toLowerCase(), block: receipt.blockNumber, gasUsed: receipt.gasUsed, tokens: formatUnits(tokens, TOKEN_DECIMALS) };
  };
}

/** What the chain says of a transaction's outcome: mined and succeeded, mined and reverted, or not (yet) mined. */
export type TransactionOutcome = 'success' | 'reverted' | 'not-mined';
export type OutcomeReader = (hash: Hash) => Promise<TransactionOutcome>;

/** Reads a transaction's outcome on the configured chain (409 with no chain, 503 when it does not answer). */
export function createOutcomeReader(chain: Config['chain']): OutcomeReader {
  let client: ReturnType<typeof chainReader> | null = null;
  return async (hash) => {
    if (!chain.rpcUrls.length) throw conflict('No chain is configured: transactions cannot be checked');
    client ??= chainReader(chain.rpcUrls);
    const receipt = await client.getTransactionReceipt({ hash }).catch(() => null);
    if (receipt) return receipt.status === 'success' ? 'success' : 'reverted';
    await client.getBlockNumber({ cacheTime: 0 }).catch(() => {
      throw new AppError('MAINTENANCE', 'The chain could not be reached to check the transaction: try again shortly');
    });
    return 'not-mined';
  };
}
