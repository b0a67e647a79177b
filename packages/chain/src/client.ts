import {
  createPublicClient,
  decodeEventLog,
  decodeFunctionData,
  erc20Abi,
  fallback,
  formatUnits,
  http,
  TransactionReceiptNotFoundError,
  type Address,
  type Hash,
  type TransactionReceipt,
} from 'viem';
import { vaultAbi } from './artifacts';
import { TOKEN_DECIMALS } from './chains';

/**
 * The one timeout policy of every server-side chain read (docs/decisions/chain.md): each endpoint
 * is given `timeoutMs` per request and `retries` more tries (transient failures), then the next
 * endpoint is tried; the list is gone through once, never restarted.
 */
export const CHAIN_READ_POLICY = { timeoutMs: 4_000, retries: 1 } as const;

/** A reader of the configured chain: its endpoints in turn, under `CHAIN_READ_POLICY`. */
export const createChainClient = (rpcUrls: readonly string[]) =>
  createPublicClient({
    transport: fallback(
      rpcUrls.map((url) => http(url, { timeout: CHAIN_READ_POLICY.timeoutMs, retryCount: CHAIN_READ_POLICY.retries })),
      { retryCount: 0 },
    ),
  });
export type ChainClient = ReturnType<typeof createChainClient>;

/** A transaction with its receipt, or null when the chain does not give both (not found, not mined, or not reachable). */
export async function readTransaction(client: ChainClient, hash: Hash) {
  const [tx, receipt] = await Promise.all([
    client.getTransaction({ hash }).catch(() => null),
    client.getTransactionReceipt({ hash }).catch(() => null),
  ]);
  return tx && receipt ? { tx, receipt } : null;
}

/** A transaction's receipt, or null when the chain does not give one (not mined, or not reachable). */
export const readReceipt = (client: ChainClient, hash: Hash) =>
  client.getTransactionReceipt({ hash }).catch(() => null);

/** Whether the chain answers at all: only a chain that answers may say a transaction does not exist. */
export const chainAnswers = (client: ChainClient) =>
  client.getBlockNumber({ cacheTime: 0 }).then(
    () => true,
    () => false,
  );

/** The error a chain that answers gives for a receipt it does not have. */
export const isReceiptNotFound = (e: unknown) =>
  e instanceof TransactionReceiptNotFoundError ||
  (e as { name?: string } | null)?.name === 'TransactionReceiptNotFoundError';

/** The native coin's and each token's balance of each address, as decimal strings (all carry `TOKEN_DECIMALS`). */
export async function readBalances<T extends string>(
  client: ChainClient,
  addresses: readonly string[],
  tokens: Record<T, Address>,
  tokenNames: readonly T[],
): Promise<Map<string, { native: string } & Record<T, string>>> {
  const entries = await Promise.all(
    addresses.map(async (raw) => {
      const address = raw as Address;
      const [native, ...held] = await Promise.all([
        client.getBalance({ address }),
        ...tokenNames.map((t) =>
          client.readContract({ address: tokens[t], abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
        ),
      ]);
      const byToken = Object.fromEntries(
        tokenNames.map((t, i) => [t, formatUnits(held[i]!, TOKEN_DECIMALS)]),
      ) as Record<T, string>;
      return [raw, { native: formatUnits(native, TOKEN_DECIMALS), ...byToken }] as const;
    }),
  );
  return new Map(entries);
}

/** Withdrawals pay out for whole shares: the vault may pay this much (0.000001 token) over the amount asked, never less. */
export const WITHDRAW_TOLERANCE_WEI = 10n ** 12n;

/** Whether what the chain moved is the amount wanted: a deposit exactly, a withdrawal up to `WITHDRAW_TOLERANCE_WEI` over. */
export const vaultAmountMatches = (action: 'deposit' | 'withdraw', moved: bigint, wanted: bigint) =>
  action === 'deposit' ? moved === wanted : moved >= wanted && moved - wanted <= WITHDRAW_TOLERANCE_WEI;

/** The vault call a transaction's input makes, or null when it is not one. */
export function vaultCall(input: `0x${string}`) {
  try {
    return decodeFunctionData({ abi: vaultAbi, data: input });
  } catch {
    return null;
  }
}

/** What the vault paid out in a receipt (its first `Withdraw` event), 0 when none. */
export function vaultWithdrawn(receipt: TransactionReceipt, vault: string): bigint {
  const paid = receipt.logs
    .filter((l) => l.address.toLowerCase() === vault.toLowerCase())
    .map((l) => {
      try {
        return decodeEventLog({ abi: vaultAbi, data: l.data, topics: l.topics });
      } catch {
        return null;
      }
    })
    .find((e) => e?.eventName === 'Withdraw');
  return paid && paid.eventName === 'Withdraw' ? paid.args.amount : 0n;
}

/** The ERC-20 `Transfer`s of one token contract in a receipt. */
export function tokenTransfers(receipt: TransactionReceipt, token: string) {
  return receipt.logs
    .filter((l) => l.address.toLowerCase() === token.toLowerCase())
    .map((l) => {
      try {
        return decodeEventLog({ abi: erc20Abi, data: l.data, topics: l.topics });
      } catch {
        return null;
      }
    })
    .flatMap((e) => (e && e.eventName === 'Transfer' ? [e.args] : []));
}

/** How many of the most recent saved batches a start of the local chain replays (it keeps its state in memory). */
export const REPLAY_LIMIT = 10;
