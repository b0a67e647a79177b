import { inArray } from 'drizzle-orm';
import { ROLE_SLUGS } from '@vaultdesk/contract';
import { schema, type Db } from '@vaultdesk/db';
import type { Config } from '../config/config';
import { encryptSecret, hashPassword } from '../credentials/credentials';
import { seedDemoNewsletterSecrets } from './demo-newsletter-secrets';

/** Documented in the README; they exist only outside production. */
export const DEMO_PASSWORD = 'Vaultdesk-demo-2026';
export const DEMO_STAFF = [
  {
    email: 'superadmin@vaultdesk.test',
    fullName: 'Sade Super',
    role: ROLE_SLUGS.superAdmin,
    totpSecret: 'KVKFKRCPNZQUYMLX',
  },
  {
    email: 'compliance@vaultdesk.test',
    fullName: 'Kofi Compliance',
    role: ROLE_SLUGS.compliance,
    totpSecret: 'MFRGGZDFMZTWQ2LK',
  },
  {
    email: 'support@vaultdesk.test',
    fullName: 'Wanjiru Support',
    role: ROLE_SLUGS.support,
    totpSecret: 'ONSWG4TFOQYTEMZU',
  },
  { email: 'newstaff@vaultdesk.test', fullName: 'Nia Newstaff', role: ROLE_SLUGS.kycReviewer, totpSecret: null },
] as const;

/** Creates the demo staff accounts that are missing. Refuses in production. */
export async function seedDemoStaff(db: Db, config: Config) {
  if (config.env === 'production') throw new Error('Demo staff accounts are never created in production');
  // One look on every start; the (deliberately slow) password hash only when an account is missing.
  const existing = new Set(
    (
      await db
        .select({ email: schema.staff.email })
        .from(schema.staff)
        .where(
          inArray(
            schema.staff.email,
            DEMO_STAFF.map((a) => a.email),
          ),
        )
    ).map((r) => r.email),
  );
  const missing = DEMO_STAFF.filter((a) => !existing.has(a.email));
  // The demo newsletter access code and sender pin (README), alongside the demo accounts.
  await seedDemoNewsletterSecrets(db, config);
  if (!missing.length) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const roles = await db.select().from(schema.roles);
  for (const account of missing) {
    const role = roles.find((r) => r.slug === account.role);
    if (!role) throw new Error(`Role ${account.role} is missing: sync system roles first`);
    await db
      .insert(schema.staff)
      .values({
        email: account.email,
        fullName: account.fullName,
        roleId: role.id,
        passwordHash,
        status: 'active',
        totpEnabled: account.totpSecret !== null,
        totpSecretEnc: account.totpSecret ? encryptSecret(config.secretsKey, account.totpSecret) : null,
      })
      .onConflictDoNothing({ target: schema.staff.email });
  }
}
