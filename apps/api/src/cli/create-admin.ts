import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { adminSetupBody } from '@vaultdesk/contract';
import { runMigrations, schema } from '@vaultdesk/db';
import { loadConfig } from '../config/config';
import { openOwnerDatabase } from './owner-database';
import { writeAudit } from '../audit-trail/audit-trail';
import { hashPassword, randomPassword } from '../credentials/credentials';
import { syncSystemRoles } from '../modules/admins/system-roles';

/**
 * Bootstraps an admin from a trusted console (the first Super Admin of a production database):
 * active at once, a temporary password printed once, two-factor and a new password required at
 * the first sign-in. Recorded in the audit trail as done by the console.
 */
const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', default: 'super-admin' } },
});
const config = loadConfig();
const input = adminSetupBody.omit({ roleId: true }).safeParse({ email: values.email, fullName: values.name });
if (!input.success) {
  console.error('usage: npm run admin:create -- --email someone@example.com --name "Full Name" [--role super-admin]');
  console.error(input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  process.exit(2);
}
const { db, close } = await openOwnerDatabase(config, 2);
try {
  await runMigrations(db);
  await syncSystemRoles(db);
  const [role] = await db.select().from(schema.roles).where(eq(schema.roles.slug, values.role!));
  if (!role) throw new Error(`No role with slug ${values.role}`);
  const temporaryPassword = randomPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(schema.staff)
      .values({
        email: input.data.email,
        fullName: input.data.fullName,
        roleId: role.id,
        passwordHash,
        status: 'active',
        mustChangePassword: true,
      })
      .onConflictDoNothing({ target: schema.staff.email })
      .returning();
    if (!row) throw new Error(`An admin with e-mail ${input.data.email} already exists`);
    await writeAudit(
      tx,
      { actor: null, ip: null, longitude: null, latitude: null, userAgent: 'console: admin:create' },
      {
        action: 'admin.create',
        targetType: 'staff',
        targetId: row.id,
        after: { email: row.email, fullName: row.fullName, role: role.title, status: row.status, via: 'console' },
      },
    );
  });
  console.log(
    `Admin ${input.data.email} (${role.title}) created. Temporary password, shown once:\n\n  ${temporaryPassword}\n`,
  );
  console.log('At the first sign-in the admin enables two-factor and then chooses a new password.');
} catch (err) {
  console.error(String(err instanceof Error ? err.message : err));
  process.exitCode = 1;
} finally {
  await close();
}
