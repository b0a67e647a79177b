import type { Db } from '@vaultdesk/db';
import type { FileStore } from '../files/file-store';
import { demoImage } from './demo-image';

/** Distinct generated pictures per kind; demo agents share them. */
const POOL = 8;

/**
 * Gives the demo agents (rows the generator wrote with an ID type but no pictures) generated
 * pictures put through the encrypted store, so the Agent Info drawer shows real images. A row
 * made through the screen always has its ID card picture with its ID type, so it is never
 * touched; once filled, later starts find nothing to do and store nothing.
 */
export async function attachAgentDemoImages(db: Db, files: FileStore, log: (msg: string) => void) {
  const pending = `idcard_type IS NOT NULL AND idcard_cid IS NULL AND selfie_cid IS NULL AND shop_cid IS NULL`;
  const { rows } = await db.$client.query<{ todo: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM agent_kyc WHERE ${pending}) AS todo`,
  );
  if (!rows[0]!.todo) return;
  const put = (seed: number, kind: 'selfie' | 'idcard' | 'shop') =>
    files.put(demoImage(seed, kind), { contentType: 'image/jpeg', permission: 'agents.manage' });
  const cards = [];
  const selfies = [];
  const shops = [];
  for (let i = 1; i <= POOL; i++) {
    cards.push(await put(500 + i, 'idcard'));
    selfies.push(await put(600 + i, 'selfie'));
    shops.push(await put(700 + i, 'shop'));
  }
  const { rowCount } = await db.$client.query(
    `UPDATE agent_kyc k
        SET idcard_cid = c.cid, idcard_key = c.key, selfie_cid = s.cid, selfie_key = s.key, shop_cid = p.cid, shop_key = p.key
       FROM (SELECT user_id, ('x' || substr(md5(user_id::text), 1, 8))::bit(32)::int & 2147483647 AS v FROM agent_kyc WHERE ${pending}) h,
            unnest($1::text[], $2::text[]) WITH ORDINALITY AS c(cid, key, n),
            unnest($3::text[], $4::text[]) WITH ORDINALITY AS s(cid, key, n),
            unnest($5::text[], $6::text[]) WITH ORDINALITY AS p(cid, key, n)
      WHERE h.user_id = k.user_id AND c.n = 1 + h.v % ${POOL} AND s.n = 1 + (h.v / ${POOL}) % ${POOL} AND p.n = 1 + (h.v / ${POOL * POOL}) % ${POOL}`,
    [
      cards.map((f) => f.cid),
      cards.map((f) => f.key),
      selfies.map((f) => f.cid),
      selfies.map((f) => f.key),
      shops.map((f) => f.cid),
      shops.map((f) => f.key),
    ],
  );
  log(`demo agent images: ${POOL * 3} encrypted pictures on ${rowCount ?? 0} agents`);
}
