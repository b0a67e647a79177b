import { setTimeout as sleep } from 'node:timers/promises';
import { encodeFunctionData, formatUnits, parseUnits, type Address, type Hash } from 'viem';
import { testTokenAbi } from './artifacts';
import { LOCAL_CHAIN_ID, LOCAL_CONTRACTS, LOCAL_DEPLOYER, TOKEN_DECIMALS } from './chains';
import { localClients, localRpc } from './node';

/**
 * The transfer simulator (issue 33): token transfers from funded local accounts to given addresses
 * at a given rate, the way customers top up, for the chain watcher's tests, its bench and trying it
 * by hand. Local chain (31337, Hardhat) only: it sends from the node's unlocked accounts.
 */

export const SIMULATED_TOKENS = ['BUSD', 'VLT'] as const;
export type SimulatedToken = (typeof SIMULATED_TOKENS)[number];

/**
 * The senders: Hardhat's accounts 10 to 18. Account 0 is the vault operator (the batches), 1 a test's
 * "not custodial" wallet, 19 the audit anchors' signer; the simulator keeps out of their nonces.
 */
export const SENDER_ACCOUNTS = { first: 10, max: 9 } as const;

export type SentTransfer = {
  /** 0-based, in the order sent. */
  index: number;
  hash: Hash;
  /** The Transfer log's index in its block, and the block. */
  logIndex: number;
  blockNumber: bigint;
  from: Address;
  to: Address;
  token: SimulatedToken;
  /** Tokens, as a decimal string (18 decimals at most), and the same in wei. */
  amount: string;
  wei: bigint;
};

export type TransferPlan = {
  url: string;
  /** The recipients, in turn (transfer i goes to recipients[i % length]). */
  recipients: readonly Address[];
  count: number;
  /** Transfers per second; 0: as fast as the node takes them. */
  rate: number;
  /** The tokens, in turn. */
  tokens: readonly SimulatedToken[];
  /** Tokens per transfer; null: 1.00 to 100.00, a different amount per transfer (the same for the same index on every run). */
  amount: string | null;
  senders: number;
  /**
   * Mine a block after every `perBlock` transfers (automine off while sending, on again after): blocks of
   * several transfers, as on a public chain. Null: the node's own mining (each transfer in its block on automine).
   */
  perBlock?: number | null;
  /** With `perBlock`: at least this many milliseconds from one mined block to the next (a block time). */
  blockMs?: number;
  /** With `perBlock`: called after each block it mines, with the block's number and the moment it was mined (Date.now(), to compare with database times). */
  onMined?: (block: bigint, at: number) => void;
  /** Called once per transfer when its receipt is in. */
  onSent?: (t: SentTransfer) => void;
};

const TRANSFER_GAS = 100_000n;

/** The default amount of transfer `i`: 1.00 to 100.00, spread over the range, the same on every run. */
export const defaultAmount = (i: number) => {
  const cents = 100 + ((i * 7919 + 13) % 9901);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
};

/** Fails with one sentence unless `url` is a local Hardhat chain (31337) with the test tokens deployed. */
export async function checkLocalChain(url: string) {
  let chainId: unknown;
  try {
    chainId = await localRpc(url, 'eth_chainId');
  } catch (err) {
    throw new Error(`the chain at ${url} does not answer (${err instanceof Error ? err.message : String(err)})`, {
      cause: err,
    });
  }
  if (Number(chainId) !== LOCAL_CHAIN_ID)
    throw new Error(`the chain at ${url} is chain ${Number(chainId)}, not the local chain ${LOCAL_CHAIN_ID}`);
  const code = await localClients(url).publicClient.getCode({ address: LOCAL_CONTRACTS.BUSD });
  if (!code || code === '0x')
    throw new Error(`the local chain at ${url} has no test tokens deployed (start it with npm start)`);
}

/**
 * The first `n` sender accounts, each given gas money and at least `need` of each token (minted by the
 * deployer, the tokens' owner, when short).
 */
export async function fundedSenders(url: string, n: number, need: Record<SimulatedToken, bigint>): Promise<Address[]> {
  const accounts = (await localRpc(url, 'eth_accounts')) as Address[];
  const senders = accounts.slice(SENDER_ACCOUNTS.first, SENDER_ACCOUNTS.first + n);
  if (senders.length < n)
    throw new Error(`the node at ${url} unlocks ${accounts.length} accounts: too few for ${n} senders`);
  const { publicClient } = localClients(url);
  for (const sender of senders) {
    if ((await publicClient.getBalance({ address: sender })) < parseUnits('1', 18))
      await localRpc(url, 'hardhat_setBalance', [sender, `0x${parseUnits('1000', 18).toString(16)}`]);
    for (const token of SIMULATED_TOKENS) {
      const address = LOCAL_CONTRACTS[token];
      const held = await publicClient.readContract({
        address,
        abi: testTokenAbi,
        functionName: 'balanceOf',
        args: [sender],
      });
      if (held >= need[token]) continue;
      const hash = (await localRpc(url, 'eth_sendTransaction', [
        {
          from: LOCAL_DEPLOYER,
          to: address,
          data: encodeFunctionData({ abi: testTokenAbi, functionName: 'mint', args: [sender, need[token] - held] }),
        },
      ])) as Hash;
      // With automine off on the node, the mint waits in the pool: mine it.
      const receipt = await publicClient
        .waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: 5_000 })
        .catch(async () => {
          await localRpc(url, 'evm_mine');
          return publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
        });
      if (receipt.status !== 'success') throw new Error(`funding ${sender} with ${token} reverted (${hash})`);
    }
  }
  return senders;
}

/**
 * Sends the plan's transfers, at most `rate` a second (one after another, so a slower node makes the run
 * longer rather than piling up), and answers each with its receipt's block and log index.
 */
export async function sendTransfers(plan: TransferPlan): Promise<SentTransfer[]> {
  const { url, recipients, count, rate, tokens, senders: senderCount } = plan;
  if (recipients.length === 0) throw new Error('no recipients');
  const amounts = Array.from({ length: count }, (_, i) => plan.amount ?? defaultAmount(i));
  const need: Record<SimulatedToken, bigint> = { BUSD: 0n, VLT: 0n };
  // Each sender's share of each token, with its largest amount: enough whichever transfers fall to it.
  const largest = amounts.reduce((m, a) => (parseUnits(a, TOKEN_DECIMALS) > m ? parseUnits(a, TOKEN_DECIMALS) : m), 0n);
  for (const t of tokens) need[t] = largest * BigInt(Math.ceil(count / senderCount / tokens.length) + 1);
  const senders = await fundedSenders(url, senderCount, need);
  const { publicClient } = localClients(url);
  const perBlock = plan.perBlock ?? null;
  const sent: SentTransfer[] = [];
  let lastMined = performance.now();
  const mine = async () => {
    const wait = lastMined + (plan.blockMs ?? 0) - performance.now();
    if (wait > 0) await sleep(wait);
    await localRpc(url, 'evm_mine');
    lastMined = performance.now();
    const at = Date.now();
    if (plan.onMined) plan.onMined(BigInt((await localRpc(url, 'eth_blockNumber')) as string), at);
  };
  const pending: Omit<SentTransfer, 'logIndex' | 'blockNumber'>[] = [];

  const settle = async () => {
    for (const p of pending.splice(0)) {
      const receipt = await publicClient.waitForTransactionReceipt({ hash: p.hash, pollingInterval: 50 });
      if (receipt.status !== 'success') throw new Error(`transfer ${p.index} (${p.hash}) reverted`);
      const log = receipt.logs.find((l) => l.address.toLowerCase() === LOCAL_CONTRACTS[p.token].toLowerCase());
      if (!log) throw new Error(`transfer ${p.index} (${p.hash}) has no Transfer log`);
      const done = { ...p, logIndex: log.logIndex, blockNumber: receipt.blockNumber };
      sent.push(done);
      plan.onSent?.(done);
    }
  };

  if (perBlock) await localRpc(url, 'evm_setAutomine', [false]);
  try {
    const start = performance.now();
    for (let i = 0; i < count; i++) {
      if (rate > 0) {
        const due = start + (i * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
      }
      const token = tokens[i % tokens.length]!;
      const to = recipients[i % recipients.length]!.toLowerCase() as Address;
      const from = senders[i % senders.length]!;
      const wei = parseUnits(amounts[i]!, TOKEN_DECIMALS);
      const hash = (await localRpc(url, 'eth_sendTransaction', [
        {
          from,
          to: LOCAL_CONTRACTS[token],
          gas: `0x${TRANSFER_GAS.toString(16)}`,
          data: encodeFunctionData({ abi: testTokenAbi, functionName: 'transfer', args: [to, wei] }),
        },
      ])) as Hash;
      pending.push({ index: i, hash, from, to, token, amount: formatUnits(wei, TOKEN_DECIMALS), wei });
      if (perBlock && pending.length >= perBlock) await mine();
      if (!perBlock || pending.length >= perBlock) await settle();
    }
    if (pending.length) {
      if (perBlock) await mine();
      await settle();
    }
  } finally {
    if (perBlock) await localRpc(url, 'evm_setAutomine', [true]);
  }
  return sent;
}
