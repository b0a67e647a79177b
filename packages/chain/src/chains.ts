import { getContractAddress, type Address } from 'viem';

export const LOCAL_CHAIN_ID = 31337;
export const SUPPORTED_CHAIN_IDS = [56, 137, LOCAL_CHAIN_ID] as const;
export type SupportedChainId = (typeof SUPPORTED_CHAIN_IDS)[number];
export const DEFAULT_CHAIN_ID: SupportedChainId = 56;

/** Approval asked for when the wallet's allowance is at most the batch amount (spec: 100000 tokens). */
export const APPROVAL_TOKENS = 100000n;
export const TOKEN_DECIMALS = 18;
/** Withdrawal share maths is done with 36 decimals (spec §9). */
export const WITHDRAWAL_DECIMALS = 36;

/** The chain table: what the wallet is asked to add on error 4902, and the explorers. */
export const CHAINS: Record<
  SupportedChainId,
  {
    id: SupportedChainId;
    name: string;
    hexId: `0x${string}`;
    nativeCurrency: { name: string; symbol: string; decimals: number };
    rpcUrls: string[];
    blockExplorerUrl: string | null;
    /**
     * Blocks a token transfer must have (its own block counts as one) before the chain watcher
     * credits it (docs/decisions/chain-watcher.md); CHAIN_WATCH_CONFIRMATIONS overrides.
     */
    confirmations: number;
  }
> = {
  56: {
    id: 56,
    name: 'BNB Smart Chain',
    hexId: '0x38',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: [
      'https://bsc-dataseed.binance.org',
      'https://bsc-dataseed1.defibit.io',
      'https://bsc-dataseed1.ninicoin.io',
    ],
    blockExplorerUrl: 'https://bscscan.com',
    // What the large exchanges ask of BEP-20 deposits; far beyond BSC's fast finality (2-3 blocks).
    confirmations: 15,
  },
  137: {
    id: 137,
    name: 'Polygon',
    hexId: '0x89',
    nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
    rpcUrls: ['https://polygon-rpc.com'],
    blockExplorerUrl: 'https://polygonscan.com',
    // Polygon PoS has reorganised tens of blocks deep in the past: 128 blocks, about four minutes.
    confirmations: 128,
  },
  [LOCAL_CHAIN_ID]: {
    id: LOCAL_CHAIN_ID,
    name: 'Vaultdesk local chain',
    hexId: '0x7a69',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: ['http://127.0.0.1:8545'],
    blockExplorerUrl: null,
    // Blocks come on each transaction and every few seconds: two is quick and still shows the wait.
    confirmations: 2,
  },
};

/** Confirmations the chain watcher asks on a chain: the chain table's, else the most conservative of it (an unknown chain). */
export const defaultConfirmations = (chainId: number) =>
  chainId in CHAINS
    ? CHAINS[chainId as SupportedChainId].confirmations
    : Math.max(...Object.values(CHAINS).map((c) => c.confirmations));

export type ChainContracts = { BUSD: Address; xBUSD: Address; VLT: Address };

/**
 * Hardhat's first account ("test test ... junk" mnemonic): deploys the local contracts and, in
 * the local demo, is the vault operator's custodial wallet that signs the batches. Its key is
 * public knowledge; it never holds value anywhere but on the local chain.
 */
export const LOCAL_DEPLOYER: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const LOCAL_DEPLOYER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

/**
 * Hardhat's twentieth account: the default anchoring account of the audit trail on the local chain
 * (docs/decisions/audit-trail.md), apart from the deployer so its nonces never race the batches'.
 * Public knowledge like the deployer's: refused on any other chain.
 */
export const LOCAL_ANCHOR_KEY = '0xdf57089febbacf7ba0bc227dafbffa9fc08a93fdc68e1e42411a14efcf23656e';

/** The deployer's first three transactions on a fresh local node create BUSD, VLT and the vault, so their addresses are known in advance. */
export const LOCAL_CONTRACTS: ChainContracts = {
  BUSD: getContractAddress({ from: LOCAL_DEPLOYER, nonce: 0n }),
  VLT: getContractAddress({ from: LOCAL_DEPLOYER, nonce: 1n }),
  xBUSD: getContractAddress({ from: LOCAL_DEPLOYER, nonce: 2n }),
};

/** The vault asset of the batches (spec §3): BUSD on chain 56 into the xAuto-style vault. */
export const VAULT_ASSET = {
  name: 'BUSD',
  network: 56,
  decimals: TOKEN_DECIMALS,
  withdrawalDecimals: WITHDRAWAL_DECIMALS,
  protocolName: 'xAuto',
  auditStatus: 'audited',
} as const;

/** Wait before reading the share balance after a deposit: one minute on a public chain, a few seconds locally (docs/decisions/queues-and-batches.md). */
export const shareWaitMs = (chainId: number, localSeconds = 3) =>
  chainId === LOCAL_CHAIN_ID ? localSeconds * 1000 : 60_000;

/** Shares for an amount at a price per full share (both 18 decimals): amount * 1e18 / price. */
export const sharesForAmount = (amount: bigint, pricePerFullShare: bigint) => (amount * 10n ** 18n) / pricePerFullShare;

/**
 * Shares to withdraw for a token amount, with 36-decimal intermediate precision as the
 * original withdrawal maths: ratio = amount * 1e36 / (price * 1e18 / 1e18) rounded up so the
 * vault pays out at least the amount, capped by the shares held.
 */
export function withdrawShares(amount: bigint, pricePerFullShare: bigint, sharesHeld: bigint) {
  const scaled = amount * 10n ** BigInt(WITHDRAWAL_DECIMALS);
  const perShare = pricePerFullShare * 10n ** BigInt(WITHDRAWAL_DECIMALS - TOKEN_DECIMALS);
  const shares = (scaled + perShare - 1n) / perShare;
  return shares > sharesHeld ? sharesHeld : shares;
}
