import { formatUnits, parseUnits, type Hash } from 'viem';
import {
  createChainClient,
  isReceiptNotFound,
  TOKEN_DECIMALS,
  tokenTransfers,
  type ChainClient,
} from '@vaultdesk/chain';
import type { Config } from '../config/config';
import { AppError, badRequest } from '../http/errors';

export type PayoutCheck = { hash: Hash; currency: 'BUSD' | 'VLT'; to: string; amount: string };
/** Resolves true when the payout was checked on chain, false when no chain is configured to check it on. */
export type PayoutVerifier = (check: PayoutCheck) => Promise<boolean>;

const refused = (message: string, field: string) => badRequest(`hash: ${message}`, { hash: [field] });

/**
 * Process Request of a withdrawal-out request paid on chain: when a chain is configured, the hash
 * must be a successful transaction on it that transferred the request's final amount of its token
 * to its destination address (an ERC-20 Transfer log of the configured token contract). Anything
 * else is a 400 naming the hash; a chain that cannot be reached is a 503 (nothing recorded). With
 * no chain configured the hash is recorded as given, as before.
 */
export function createPayoutVerifier(chain: Config['chain']): PayoutVerifier {
  let client: ChainClient | null = null;
  return async (c) => {
    const token = chain.tokenAddresses?.[c.currency];
    if (!chain.rpcUrls.length || !token) return false;
    client ??= createChainClient(chain.rpcUrls);
    let receipt: Awaited<ReturnType<typeof client.getTransactionReceipt>>;
    try {
      receipt = await client.getTransactionReceipt({ hash: c.hash });
    } catch (e) {
      if (isReceiptNotFound(e)) {
        throw refused('no such mined transaction on the chain', 'No such mined transaction on the chain');
      }
      throw new AppError('MAINTENANCE', 'The chain could not be reached to check the payout: try again shortly');
    }
    if (receipt.status !== 'success')
      throw refused('the transaction reverted on the chain', 'The transaction reverted');
    const transfers = tokenTransfers(receipt, token);
    if (!transfers.length)
      throw refused(`the transaction transferred no ${c.currency}`, `Not a ${c.currency} transfer`);
    const wanted = parseUnits(c.amount, TOKEN_DECIMALS);
    const to = c.to.toLowerCase();
    if (transfers.some((t) => t.to.toLowerCase() === to && t.value === wanted)) return true;
    const toDestination = transfers.filter((t) => t.to.toLowerCase() === to);
    if (!toDestination.length) {
      throw refused(
        `the transaction transferred ${c.currency} to ${transfers.map((t) => t.to).join(', ')}, not to the request's destination ${c.to}`,
        'Not paid to the destination address',
      );
    }
    throw refused(
      `the transaction transferred ${toDestination.map((t) => formatUnits(t.value, TOKEN_DECIMALS)).join(', ')} ${c.currency} to the destination, the request pays ${c.amount}`,
      "Not the request's final amount",
    );
  };
}
