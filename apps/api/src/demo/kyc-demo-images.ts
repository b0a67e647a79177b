import type { Db } from '@vaultdesk/db';
import type { FileStore } from '../files/file-store';
import { demoImage } from './demo-image';

/** Distinct generated pictures per kind; records share them (a million KYC records, a few dozen files). */
const POOL = 16;

/**
 * Gives the demo KYC records real pictures: generated JPEGs put through the encrypted store (so
 * each has its CID and key like an upload), spread over the records by a hash of their id. One
 * record in forty has no selfie, so the page's 'NO IMAGE' state shows too. Runs once: a database
 * whose records already carry images is left alone.
 */
export async function attachKycDemoImages(db: Db, files: FileStore, log: (msg: string) => void) {
  const { rows } = await db.$client.query<{ done: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM kyc_records WHERE idcard_ipfs_hash IS NOT NULL) AS done`,
  );
  if (rows[0]!.done) return;
  const selfies = [];
  const cards = [];
  for (let i = 1; i <= POOL; i++) {
    selfies.push(await files.put(demoImage(i, 'selfie'), { contentType: 'image/jpeg', permission: 'kyc.read' }));
    cards.push(await files.put(demoImage(100 + i, 'idcard'), { contentType: 'image/jpeg', permission: 'kyc.read' }));
  }
  const { rowCount } = await db.$client.query(
    `UPDATE kyc_records k
        SET idcard_ipfs_hash = c.cid, idcard_encrypt_key = c.key,
            selfie_ipfs_hash = CASE WHEN h.v % 40 = 7 THEN NULL ELSE s.cid END,
            selfie_encrypt_key = CASE WHEN h.v % 40 = 7 THEN NULL ELSE s.key END
       FROM (SELECT id, ('x' || substr(md5(id::text), 1, 8))::bit(32)::int & 2147483647 AS v FROM kyc_records) h,
            unnest($1::text[], $2::text[]) WITH ORDINALITY AS c(cid, key, n),
            unnest($3::text[], $4::text[]) WITH ORDINALITY AS s(cid, key, n)
      WHERE h.id = k.id AND c.n = 1 + h.v % ${POOL} AND s.n = 1 + (h.v / ${POOL}) % ${POOL}`,
    [cards.map((f) => f.cid), cards.map((f) => f.key), selfies.map((f) => f.cid), selfies.map((f) => f.key)],
  );
  log(`demo KYC images: ${POOL * 2} encrypted pictures on ${rowCount ?? 0} records`);
}
