import { closeDb, createDb } from '@vaultdesk/db';
import { loadConfig } from '../../apps/api/src/config/config';
import { chainWatchSettings, runChainWatcher } from '../../apps/api/src/modules/chain-watcher/chain-watcher.service';

/**
 * The chain watcher's loop alone in a process of its own (bench/chain-watcher.ts measures its CPU from
 * /proc): the settings from the environment as the worker reads them (CHAIN_RPC_URL, CHAIN_WATCH_*),
 * on DATABASE_URL. Prints "watching" once started; SIGTERM ends it after the pass under way.
 */
const config = loadConfig();
const settings = chainWatchSettings(config);
if (!settings || !config.databaseUrl) throw new Error('the bench watcher needs CHAIN_RPC_URL and DATABASE_URL');
const db = createDb(config.databaseUrl, 4);
const watcher = runChainWatcher({
  db,
  settings,
  log: (msg, err) =>
    process.stdout.write(`${msg}${err && !msg.includes(String((err as Error).message)) ? `: ${String(err)}` : ''}\n`),
});
process.stdout.write(
  `watching: ${settings.confirmations} confirmations, a pass every ${settings.pollMs} ms, ${settings.blockRange} blocks a range\n`,
);
process.once('SIGTERM', () => {
  void watcher
    .stop()
    .then(() => closeDb(db))
    .then(() => process.exit(0));
});
