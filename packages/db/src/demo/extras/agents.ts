import type { ExtrasContext } from './context';

/** A deterministic 31-bit number from text (md5-based, stable across PostgreSQL versions). */
const h = (text: string) => `(('x' || substr(md5(${text}), 1, 8))::bit(32)::int & 2147483647)`;

const STATES = [
  'Lagos',
  'Abuja FCT',
  'Oyo',
  'Rivers',
  'Kano',
  'Enugu',
  'Kaduna',
  'Ogun',
  'Delta',
  'Anambra',
  'Greater Accra',
  'Ashanti',
  'Nairobi',
  'Mombasa',
];
const ID_TYPES = ['National_ID', 'International_ID', 'Drivers_License'];
const arr = (xs: string[]) => `(ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(', ')}])`;

/**
 * Demo agents for the User Type screen: the holders of the referral report's types (Agent,
 * Merchant, Ambassador, written by the savings-plans extras) are the agents; most of them get
 * agent KYC (ID type and store state).
 * The pictures are attached when the app starts (`attachAgentDemoImages`), as the file store
 * lives beside the app; a few agents have no KYC yet, so the drawer's 'NO IMAGE' shows too.
 */
export async function seedAgentsExtras(ctx: ExtrasContext): Promise<void> {
  const { client, seed } = ctx;
  const s = `'${seed}:agents:'`;
  const kyc = await client.query(
    `INSERT INTO agent_kyc (user_id, idcard_type, store_state, created_at, updated_at)
     SELECT m.user_id, ${arr(ID_TYPES)}[1 + ${h(`${s} || 'idtype:' || m.user_id`)} % 3],
            ${arr(STATES)}[1 + ${h(`${s} || 'state:' || m.user_id`)} % ${STATES.length}], min(m.created_at), min(m.created_at)
       FROM user_usertypes m
      WHERE ${h(`${s} || 'kyc:' || m.user_id`)} % 8 <> 0
      GROUP BY m.user_id
     ON CONFLICT (user_id) DO NOTHING`,
  );
  await client.query('ANALYZE user_usertypes, agent_kyc');
  ctx.log(`demo data: ${kyc.rowCount} agents with KYC`);
}
