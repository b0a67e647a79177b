import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, conflict } from '../../http/errors';
import { typeByName, unknownType } from './agent-rows';

/** Making a customer an agent of a type, and taking the type away again. */

const userNotFound = () => new AppError('NOT_FOUND', 'No user with this email');

/**
 * The type (404 if unknown) and the customer an assign or remove names (404 if none): the e-mail
 * arrives trimmed and lowercased.
 */
async function typeAndUser(tx: Tx, email: string, usertype: string) {
  const type = await typeByName(tx, usertype);
  if (!type) throw unknownType();
  const {
    rows: [user],
  } = await tx.execute<{ id: string; email: string; username: string }>(sql`
    SELECT id, email::text AS email, username::text AS username FROM users WHERE email = ${email}`);
  if (!user) throw userNotFound();
  return { type, user, out: { _id: user.id, email: user.email, username: user.username, usertype: type.name } };
}

export async function assignUserType(db: Db, email: string, usertype: string, ctx: RequestContext) {
  return db.transaction(async (tx) => {
    const { type, user, out } = await typeAndUser(tx, email, usertype);
    const {
      rows: [row],
    } = await tx.execute<{ user_id: string }>(sql`
      INSERT INTO user_usertypes (user_id, user_type_id) VALUES (${user.id}, ${type.id}) ON CONFLICT DO NOTHING RETURNING user_id`);
    if (!row) throw conflict(`This user is already ${type.name}`);
    await writeAudit(tx, ctx, {
      action: 'agent.assignUserType',
      targetType: 'user',
      targetId: user.id,
      after: { email: user.email, usertype: type.name },
    });
    return out;
  });
}

/** Removes the type from the user; the agent's KYC pictures are kept as records. */
export async function removeUserType(db: Db, email: string, usertype: string, ctx: RequestContext) {
  return db.transaction(async (tx) => {
    const { type, user, out } = await typeAndUser(tx, email, usertype);
    const {
      rows: [row],
    } = await tx.execute<{ user_id: string }>(sql`
      DELETE FROM user_usertypes WHERE user_id = ${user.id} AND user_type_id = ${type.id} RETURNING user_id`);
    if (!row) throw conflict(`This user is not ${type.name}`);
    await writeAudit(tx, ctx, {
      action: 'agent.removeUserType',
      targetType: 'user',
      targetId: user.id,
      before: { email: user.email, usertype: type.name },
    });
    return out;
  });
}
