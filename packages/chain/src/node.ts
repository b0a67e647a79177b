import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPublicClient, createWalletClient, http, parseEther, parseUnits, type Address, type Hash } from 'viem';
import { testTokenAbi, testTokenBytecode, vaultAbi, vaultBytecode } from './artifacts';
import { LOCAL_CHAIN_ID, LOCAL_CONTRACTS, LOCAL_DEPLOYER, type ChainContracts } from './chains';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type LocalChain = { url: string; stop: () => Promise<void> };

const rpc = async (url: string, method: string, params: unknown[] = []) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
};

/**
 * The chain port when CHAIN_PORT is unset: 8545 + (PORT - 8080), so every server on this machine
 * has its own; a result outside 1024..65535 (PORT below 559 or above 65070) wraps around inside
 * that range.
 */
export const defaultChainPort = (appPort: number) => 1024 + ((((appPort + 465 - 1024) % 64512) + 64512) % 64512);

/**
 * Starts `hardhat node` (Hardhat 2, offline, chain 31337) as a child process of this one and
 * waits until it answers. The child dies with the parent (stop(), exit or signal). A node that
 * does not answer within the timeout is a clear error naming the port and its last output.
 */
export async function startLocalChain({
  port,
  host = '127.0.0.1',
  timeoutMs = 60_000,
}: {
  port: number;
  host?: string;
  timeoutMs?: number;
}): Promise<LocalChain> {
  const url = `http://${host}:${port}`;
  try {
    await rpc(url, 'eth_chainId');
    throw new Error(
      `Cannot start the local chain: port ${port} is already in use (set CHAIN_PORT, or CHAIN_RPC_URL to use that node)`,
    );
  } catch (err) {
    if (err instanceof Error && err.message.startsWith('Cannot start')) throw err;
  }
  const cli = createRequire(import.meta.url).resolve('hardhat/internal/cli/cli.js');
  const child: ChildProcess = spawn(process.execPath, [cli, 'node', '--port', String(port), '--hostname', host], {
    cwd: packageRoot,
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', DO_NOT_TRACK: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: number | null = null;
  child.on('exit', (code) => {
    exited = code ?? -1;
  });
  const kill = () => {
    if (exited === null) child.kill('SIGTERM');
  };
  process.once('exit', kill);

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited !== null)
      throw new Error(`The local chain (hardhat node on port ${port}) exited with ${exited}:\n${output}`);
    try {
      if ((await rpc(url, 'eth_chainId')) === `0x${LOCAL_CHAIN_ID.toString(16)}`) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      kill();
      throw new Error(
        `The local chain (hardhat node on port ${port}) did not answer within ${timeoutMs / 1000} s:\n${output}`,
      );
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  // Only the node's request log goes to the pipes from here on: drain them.
  child.stdout?.removeListener('data', keep);
  child.stdout?.resume();
  return {
    url,
    stop: async () => {
      process.removeListener('exit', kill);
      if (exited !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}

export const localClients = (url: string) => ({
  publicClient: createPublicClient({ transport: http(url) }),
  walletClient: createWalletClient({ transport: http(url) }),
});

/**
 * Deploys the test BUSD, VLT and the vault from Hardhat's first account on a fresh node (its
 * nonces 0, 1, 2 give the addresses in LOCAL_CONTRACTS), then mints the deployer a float and
 * seeds the vault with a deposit and some yield so the share price is not exactly 1.
 * A node that already has them (CHAIN_RPC_URL to a running local node) is left as it is.
 */
export async function deployLocalContracts(url: string): Promise<ChainContracts> {
  const { publicClient, walletClient } = localClients(url);
  const code = await publicClient.getCode({ address: LOCAL_CONTRACTS.xBUSD });
  if (code && code !== '0x') return LOCAL_CONTRACTS;
  const nonce = await publicClient.getTransactionCount({ address: LOCAL_DEPLOYER });
  if (nonce !== 0)
    throw new Error(
      `The local chain's deployer ${LOCAL_DEPLOYER} has sent transactions already but the vault is missing: start a fresh node`,
    );
  const account = LOCAL_DEPLOYER;
  const chain = null;
  const wait = async (hash: Hash) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success') throw new Error(`local chain set-up transaction ${hash} reverted`);
    return receipt;
  };
  const deployToken = async (name: string, symbol: string) =>
    wait(
      await walletClient.deployContract({
        account,
        chain,
        abi: testTokenAbi,
        bytecode: testTokenBytecode,
        args: [name, symbol],
      }),
    );
  await deployToken('Binance USD (local)', 'BUSD');
  await deployToken('Vault Token (local)', 'VLT');
  await wait(
    await walletClient.deployContract({
      account,
      chain,
      abi: vaultAbi,
      bytecode: vaultBytecode,
      args: [LOCAL_CONTRACTS.BUSD, 'xAuto BUSD (local)', 'xBUSD'],
    }),
  );
  const busd = { address: LOCAL_CONTRACTS.BUSD, abi: testTokenAbi, account, chain } as const;
  await wait(
    await walletClient.writeContract({ ...busd, functionName: 'mint', args: [account, parseUnits('10000000', 18)] }),
  );
  await wait(
    await walletClient.writeContract({
      ...LOCAL_VLT(account),
      functionName: 'mint',
      args: [account, parseUnits('10000000', 18)],
    }),
  );
  await wait(
    await walletClient.writeContract({
      ...busd,
      functionName: 'approve',
      args: [LOCAL_CONTRACTS.xBUSD, parseUnits('1000000', 18)],
    }),
  );
  const vault = { address: LOCAL_CONTRACTS.xBUSD, abi: vaultAbi, account, chain } as const;
  await wait(await walletClient.writeContract({ ...vault, functionName: 'deposit', args: [parseUnits('100000', 18)] }));
  await wait(await walletClient.writeContract({ ...vault, functionName: 'addYield', args: [parseUnits('4250', 18)] }));
  return LOCAL_CONTRACTS;
}

const LOCAL_VLT = (account: Address) =>
  ({ address: LOCAL_CONTRACTS.VLT, abi: testTokenAbi, account, chain: null }) as const;

/** Gives each address gas money (BNB) and a BUSD and VLT float on the local chain, unless it has some already. */
export async function fundLocalAccounts(
  url: string,
  accounts: { address: Address; bnb: string; busd: string; vlt: string }[],
) {
  const { publicClient, walletClient } = localClients(url);
  const account = LOCAL_DEPLOYER;
  for (const a of accounts) {
    if ((await publicClient.getBalance({ address: a.address })) === 0n) {
      await rpc(url, 'hardhat_setBalance', [a.address, `0x${parseEther(a.bnb).toString(16)}`]);
    }
    for (const [token, amount] of [
      [LOCAL_CONTRACTS.BUSD, a.busd],
      [LOCAL_CONTRACTS.VLT, a.vlt],
    ] as const) {
      const held = await publicClient.readContract({
        address: token,
        abi: testTokenAbi,
        functionName: 'balanceOf',
        args: [a.address],
      });
      if (held > 0n || amount === '0') continue;
      const hash = await walletClient.writeContract({
        address: token,
        abi: testTokenAbi,
        account,
        chain: null,
        functionName: 'mint',
        args: [a.address, parseUnits(amount, 18)],
      });
      await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    }
  }
}

/** Lets the node sign for an address it holds no key of (custodial wallets of the demo data, test wallets). */
export const impersonate = (url: string, address: Address) => rpc(url, 'hardhat_impersonateAccount', [address]);
export const localRpc = rpc;
