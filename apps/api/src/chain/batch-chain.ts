import { formatUnits, parseUnits, type Hash } from 'viem';
import {
  chainAnswers,
  createChainClient,
  readReceipt,
  readTransaction,
  TOKEN_DECIMALS,
  vaultAmountMatches,
  vaultCall,
  vaultWithdrawn,
  type ChainClient,
} from '@vaultdesk/chain';
import type { Config } from '../config/config';
import { AppError, badRequest, conflict } from '../http/errors';

/**
 * What a transaction is checked against. `block`: the block the caller says it is in (save-batch
 * sends it; Resolve does not). `field`: the input the refusals name (save-batch's
 * `transactionHash`, Resolve's `hash`). `holds`: how the refusal names the amount wanted.
 */
export type BatchCheck = {
  hash: Hash;
  action: 'deposit' | 'withdraw';
  amount: string;
  block?: string;
  senders: string[];
  field?: 'transactionHash' | 'hash';
  holds?: string;
};
export type CheckedBatch = { from: string; block: bigint; gasUsed: bigint; tokens: string };
export type BatchVerifier = (check: BatchCheck) => Promise<CheckedBatch>;

const unreachable = () =>
  new AppError('MAINTENANCE', 'The chain could not be reached to check the transaction: try again shortly');

/**
 * Checks a transaction that marks money as moved through the vault (a batch's save, a plan's
 * Resolve) on the configured chain before anything is saved: it exists, it succeeded, it called
 * the configured vault's deposit (or withdraw) from a known custodial address, in the block given
 * (when one is), for the amount wanted. Any difference is a 400 naming it; a chain that does not
 * answer is a 503; no chain configured is a 409. Nothing is written by the caller before it passes.
 */
export function createBatchVerifier(chain: Config['chain']): BatchVerifier {
  let client: ChainClient | null = null;
  return async (c) => {
    const vault = chain.tokenAddresses?.xBUSD;
    if (!chain.rpcUrls.length || !vault)
      throw conflict('No chain is configured: transactions cannot be checked, so none can be saved');
    client ??= createChainClient(chain.rpcUrls);
    const field = c.field ?? 'transactionHash';
    const holds = c.holds ?? 'the process list holds';
    // Refusals about the transaction name the hash; those about the block, action or amount name
    // those fields where the caller sent them (save-batch), else the hash (Resolve sends only the hash).
    const refuse = (name: 'hash' | 'block' | 'action' | 'amount', message: string, short: string) => {
      const f = name === 'hash' || field === 'hash' ? field : name;
      return badRequest(`${f}: ${message}`, { [f]: [short] });
    };
    const found = await readTransaction(client, c.hash);
    if (!found) {
      // Not found, or not reachable: only a chain that answers may say a transaction does not exist.
      if (!(await chainAnswers(client))) throw unreachable();
      throw refuse('hash', 'no such transaction on the chain', 'No such transaction on the chain');
    }
    const { tx, receipt } = found;
    if (receipt.status !== 'success')
      throw refuse('hash', 'the transaction reverted on the chain', 'The transaction reverted');
    if (!tx.to || tx.to.toLowerCase() !== vault.toLowerCase()) {
      throw refuse(
        'hash',
        `the transaction was sent to ${tx.to ?? 'no contract'}, not to the vault ${vault}`,
        'Not sent to the configured vault',
      );
    }
    if (!c.senders.includes(tx.from.toLowerCase())) {
      throw refuse(
        'hash',
        `the transaction was sent from ${tx.from}, which is not a custodial wallet`,
        'Not sent from a custodial wallet',
      );
    }
    if (c.block !== undefined && BigInt(c.block) !== receipt.blockNumber) {
      throw refuse(
        'block',
        `the transaction is in block ${receipt.blockNumber}, not ${c.block}`,
        `The transaction is in block ${receipt.blockNumber}`,
      );
    }
    const call = vaultCall(tx.input);
    if (!call)
      throw refuse('hash', 'the transaction is not a vault deposit or withdraw', 'Not a vault deposit or withdraw');
    if (call.functionName !== c.action) {
      throw refuse(
        'action',
        `the transaction is a vault ${call.functionName}, not a ${c.action}`,
        `The transaction is a ${call.functionName}`,
      );
    }
    const wanted = parseUnits(c.amount, TOKEN_DECIMALS);
    const tokens = c.action === 'deposit' ? (call.args![0] as bigint) : vaultWithdrawn(receipt, vault);
    if (!vaultAmountMatches(c.action, tokens, wanted)) {
      const moved = c.action === 'deposit' ? 'deposited' : 'withdrew';
      throw refuse(
        'amount',
        `the transaction ${moved} ${formatUnits(tokens, TOKEN_DECIMALS)}, ${holds} ${c.amount}`,
        'Differs from the transaction',
      );
    }
    return {
      from: tx.from.toLowerCase(),
      block: receipt.blockNumber,
      gasUsed: receipt.gasUsed,
      tokens: formatUnits(tokens, TOKEN_DECIMALS),
    };
  };
}

/** What the chain says of a transaction's outcome: mined and succeeded, mined and reverted, or not (yet) mined. */
export type TransactionOutcome = 'success' | 'reverted' | 'not-mined';
export type OutcomeReader = (hash: Hash) => Promise<TransactionOutcome>;

/** Reads a transaction's outcome on the configured chain (409 with no chain, 503 when it does not answer). */
export function createOutcomeReader(chain: Config['chain']): OutcomeReader {
  let client: ChainClient | null = null;
  return async (hash) => {
    if (!chain.rpcUrls.length) throw conflict('No chain is configured: transactions cannot be checked');
    client ??= createChainClient(chain.rpcUrls);
    const receipt = await readReceipt(client, hash);
    if (receipt) return receipt.status === 'success' ? 'success' : 'reverted';
    if (!(await chainAnswers(client))) throw unreachable();
    return 'not-mined';
  };
}
