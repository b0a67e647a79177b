import { defaultConfirmations, LOCAL_CHAIN_ID, LOCAL_CONTRACTS, type ChainClient } from '@vaultdesk/chain';
import type { Db } from '@vaultdesk/db';
import type { Config } from '../../config/config';

/** What one chain watcher needs: the chain, its two token contracts, and how it walks and waits. */
export type ChainWatchSettings = {
  chainId: number;
  rpcUrls: string[];
  /** The token contracts whose `Transfer` logs are deposits, by currency code. */
  tokens: { BUSD: `0x${string}`; VLT: `0x${string}` };
  /** Blocks a transfer needs (its own counts as one) before it is credited. */
  confirmations: number;
  /** Blocks one eth_getLogs call asks for. */
  blockRange: number;
  /** Milliseconds between passes of the loop. */
  pollMs: number;
  /** The first block of a chain's first pass; null: 0 on the local chain, the head elsewhere. */
  startBlock: number | null;
  /** Record transfers to addresses no customer holds (status ignored); default: on the local chain only. */
  recordUnknown: boolean;
};

/** A log line: `err` set logs at error level; `fields.level` chooses another (the worker's log has this shape). */
export type WatchLog = (msg: string, err?: unknown, fields?: { level?: 'info' | 'warn' | 'error' }) => void;

/** What the loop and a single pass are given; `client` is made from `settings.rpcUrls` when not given. */
export type ChainWatchDeps = { db: Db; settings: ChainWatchSettings; log: WatchLog; client?: ChainClient };

/**
 * The watcher's settings from the configuration, once the chain is known (after the local chain's
 * start-up, which fills `config.chain`), or null: the watcher is off (CHAIN_WATCH=false) or no
 * chain is configured. A worker run alone with CHAIN_RPC_URL (a local node started elsewhere)
 * watches that node's local contracts.
 */
export function chainWatchSettings(config: Pick<Config, 'chain' | 'chainWatch'>): ChainWatchSettings | null {
  if (!config.chainWatch.enabled) return null;
  let { rpcUrls, tokenAddresses, chainId } = config.chain;
  if (!rpcUrls.length && config.chain.local?.rpcUrl) {
    rpcUrls = [config.chain.local.rpcUrl];
    tokenAddresses = { ...LOCAL_CONTRACTS };
    chainId = chainId ?? LOCAL_CHAIN_ID;
  }
  if (!rpcUrls.length || !tokenAddresses || chainId === null) return null;
  return {
    chainId,
    rpcUrls: [...rpcUrls],
    tokens: { BUSD: tokenAddresses.BUSD, VLT: tokenAddresses.VLT },
    confirmations: config.chainWatch.confirmations ?? defaultConfirmations(chainId),
    blockRange: config.chainWatch.blockRange,
    pollMs: config.chainWatch.pollMs,
    startBlock: config.chainWatch.startBlock,
    recordUnknown: config.chainWatch.recordUnknown ?? chainId === LOCAL_CHAIN_ID,
  };
}
