import { sql } from 'drizzle-orm';
import { maxUint256, parseUnits, type Hash } from 'viem';
import {
  deployLocalContracts,
  fundLocalAccounts,
  localClients,
  localRpc,
  startLocalChain,
  type LocalChain,
} from '@vaultdesk/chain/node';
import {
  LOCAL_CHAIN_ID,
  LOCAL_CONTRACTS,
  LOCAL_DEPLOYER,
  REPLAY_LIMIT,
  testTokenAbi,
  TOKEN_DECIMALS,
  vaultAbi,
  withdrawShares,
} from '@vaultdesk/chain';
import type { Db } from '@vaultdesk/db';
import type { Config } from '../config/config';

/** Float given to the custodial wallets on a fresh local chain (BNB is gas money). */
const FLOAT = { bnb: '25', busd: '250000', vlt: '500000' };

/**
 * Brings up the local chain the configuration asks for: starts `hardhat node` (or uses
 * CHAIN_RPC_URL), deploys the token and vault, registers Hardhat's first account as the vault
 * operator's custodial wallet (it signs the batches in the local demo), funds every custodial
 * wallet, and points the configuration's chain reads at it. A failure is thrown with its cause:
 * the caller stops the start-up rather than serving a half-wired chain.
 */
export async function bootLocalChain(config: Config, db: Db, log: (msg: string) => void): Promise<LocalChain | null> {
  const local = config.chain.local;
  if (!local) return null;
  let chain: LocalChain;
  if (local.start) {
    try {
      chain = await startLocalChain({ port: local.port });
    } catch (err) {
      throw new Error(
        `Could not start the local chain (CHAIN=false starts the API without it): ${err instanceof Error ? err.message : String(err)}`,
        { cause: err },
      );
    }
  } else {
    chain = { url: local.rpcUrl!, stop: async () => {} };
  }
  try {
    await deployLocalContracts(chain.url);
    await db.$client.query(
      `INSERT INTO custodial_wallets (label, purpose, address, network) VALUES ('Vault operator', 'vaultOperator', $1, $2)
       ON CONFLICT (address) DO NOTHING`,
      [LOCAL_DEPLOYER.toLowerCase(), LOCAL_CHAIN_ID],
    );
    // Each custodial wallet gets what its newest stored snapshot says it holds (the demo's figures), else a working float:
    // the dashboard then reads on chain the same numbers it showed from the snapshot.
    const { rows } = await db.$client.query<{
      address: `0x${string}`;
      bnb: string | null;
      busd: string | null;
      vlt: string | null;
    }>(
      `SELECT w.address,
              (SELECT trim_scale(balance)::text FROM custodial_balance_snapshots s WHERE s.wallet_id = w.id AND s.currency = 'BNB' ORDER BY read_at DESC LIMIT 1) AS bnb,
              (SELECT trim_scale(balance)::text FROM custodial_balance_snapshots s WHERE s.wallet_id = w.id AND s.currency = 'BUSD' ORDER BY read_at DESC LIMIT 1) AS busd,
              (SELECT trim_scale(balance)::text FROM custodial_balance_snapshots s WHERE s.wallet_id = w.id AND s.currency = 'VLT' ORDER BY read_at DESC LIMIT 1) AS vlt
         FROM custodial_wallets w WHERE w.address ~* '^0x[0-9a-f]{40}$' ORDER BY w.purpose`,
    );
    await fundLocalAccounts(
      chain.url,
      rows
        .filter((r) => r.address.toLowerCase() !== LOCAL_DEPLOYER.toLowerCase())
        .map((r) => ({
          address: r.address,
          bnb: r.bnb ?? FLOAT.bnb,
          busd: r.busd ?? FLOAT.busd,
          vlt: r.vlt ?? FLOAT.vlt,
        })),
    );
    const replayed = await replaySavedBatches(db, chain.url);
    if (replayed) log(`local chain: ${replayed} saved batches replayed so their transactions are on this chain`);
    // After the set-up, which runs faster on automine alone. Automine stays on: a transaction is mined at once, and the
    // blocks in between bring its confirmations without anyone sending more (the chain watcher credits after them).
    if (local.start && local.blockSeconds)
      await localRpc(chain.url, 'evm_setIntervalMining', [local.blockSeconds * 1000]);
  } catch (err) {
    await chain.stop();
    throw new Error(
      `The local chain at ${chain.url} could not be set up: ${err instanceof Error ? err.message : String(err)}`,
      { cause: err },
    );
  }
  config.chain.rpcUrls = [chain.url];
  config.chain.tokenAddresses = { ...LOCAL_CONTRACTS };
  config.chain.chainId = LOCAL_CHAIN_ID;
  log(
    `local chain ${LOCAL_CHAIN_ID} at ${chain.url}${local.start && local.blockSeconds ? ` (a block every ${local.blockSeconds} s and on each transaction)` : ''}: BUSD ${LOCAL_CONTRACTS.BUSD}, vault (xBUSD) ${LOCAL_CONTRACTS.xBUSD}, VLT ${LOCAL_CONTRACTS.VLT}`,
  );
  return chain;
}

/**
 * The local node keeps its state in memory, so a restart forgets every transaction while the
 * database keeps the batches. The most recent saved batches (demo data included) whose hash the
 * chain does not know are sent again through the vault from the operator's wallet, for the same
 * amount, and the new hash replaces the old one on the list, its batch, its items, its plans and
 * the batch's transaction claim.
 * Local chain only: public chains are never written to by the server.
 */
export async function replaySavedBatches(db: Db, url: string): Promise<number> {
  const { publicClient, walletClient } = localClients(url);
  const { rows: lists } = await db.$client.query<{
    id: string;
    type: 'deposit' | 'withdraw';
    hash: Hash;
    batch_id: string;
    amount: string;
  }>(
    `SELECT pl.id, pl.type, pl.transaction_hash AS hash, pl.batch_id, trim_scale(sum(qi.amount))::text AS amount
       FROM process_lists pl JOIN queue_items qi ON qi.process_list_id = pl.id
      WHERE pl.status <> 0 AND pl.transaction_hash IS NOT NULL AND pl.batch_id IS NOT NULL
      GROUP BY pl.id ORDER BY max(pl.updated_at) DESC LIMIT ${REPLAY_LIMIT}`,
  );
  const account = LOCAL_DEPLOYER;
  const vault = { address: LOCAL_CONTRACTS.xBUSD, abi: vaultAbi } as const;
  const mined = async (hash: Hash) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success') throw new Error(`replayed batch transaction ${hash} reverted`);
    return receipt;
  };
  let replayed = 0;
  for (const list of lists) {
    if (
      /^0x[0-9a-f]{64}$/i.test(list.hash) &&
      (await publicClient.getTransactionReceipt({ hash: list.hash }).catch(() => null))
    )
      continue;
    const amount = parseUnits(list.amount, TOKEN_DECIMALS);
    const price = await publicClient.readContract({ ...vault, functionName: 'getPricePerFullShare' });
    const initShares = await publicClient.readContract({ ...vault, functionName: 'balanceOf', args: [account] });
    let hash: Hash;
    if (list.type === 'deposit') {
      const allowance = await publicClient.readContract({
        address: LOCAL_CONTRACTS.BUSD,
        abi: testTokenAbi,
        functionName: 'allowance',
        args: [account, vault.address],
      });
      if (allowance < amount) {
        await mined(
          await walletClient.writeContract({
            address: LOCAL_CONTRACTS.BUSD,
            abi: testTokenAbi,
            functionName: 'approve',
            args: [vault.address, maxUint256],
            account,
            chain: null,
          }),
        );
      }
      hash = await walletClient.writeContract({
        ...vault,
        functionName: 'deposit',
        args: [amount],
        account,
        chain: null,
      });
    } else {
      hash = await walletClient.writeContract({
        ...vault,
        functionName: 'withdraw',
        args: [withdrawShares(amount, price, initShares)],
        account,
        chain: null,
      });
    }
    const receipt = await mined(hash);
    const finalShares = await publicClient.readContract({ ...vault, functionName: 'balanceOf', args: [account] });
    const block = receipt.blockNumber.toString();
    const gas = receipt.gasUsed.toString();
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        UPDATE process_lists SET transaction_hash = ${hash}, sent_hash = CASE WHEN lower(sent_hash) = lower(${list.hash}) THEN ${hash} ELSE sent_hash END
         WHERE id = ${list.id} AND transaction_hash = ${list.hash}`);
      await tx.execute(sql`
        UPDATE batches SET transaction_hash = ${hash}, block = ${block}::numeric, gas_used = ${gas}::numeric, from_address = ${account.toLowerCase()},
               price_per_full_share = ${price.toString()}::numeric, init_shares = ${initShares.toString()}::numeric,
               final_shares = ${finalShares.toString()}::numeric, network = ${LOCAL_CHAIN_ID}
         WHERE id = ${list.batch_id}`);
      await tx.execute(
        sql`UPDATE queue_items SET transaction_hash = ${hash} WHERE process_list_id = ${list.id} AND transaction_hash IS NOT NULL`,
      );
      await tx.execute(sql`
        UPDATE savings_plans SET deposit_transaction_hash = array_replace(deposit_transaction_hash, ${list.hash}::text, ${hash}::text),
               withdrawal_transaction_hash = array_replace(withdrawal_transaction_hash, ${list.hash}::text, ${hash}::text)
         WHERE id IN (SELECT plan_id FROM queue_items WHERE process_list_id = ${list.id})`);
      await tx.execute(
        sql`UPDATE batch_plans SET resolved_hash = ${hash} WHERE batch_id = ${list.batch_id} AND resolved_hash = ${list.hash}`,
      );
      // The batch's claim on its transaction (chain/transaction-claims.ts) follows it to the new one.
      await tx.execute(sql`
        UPDATE transaction_claims SET hash = ${hash.toLowerCase()}, chain_id = ${LOCAL_CHAIN_ID}
         WHERE kind = ${`batch.${list.type}`} AND record_id = ${list.batch_id}`);
    });
    replayed++;
  }
  return replayed;
}
