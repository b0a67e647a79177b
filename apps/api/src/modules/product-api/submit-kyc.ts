import { sql } from 'drizzle-orm';
import { PRODUCT_KYC_IMAGE_MAX_BYTES, type ProductKycBody } from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { FileStore } from '../../files/file-store';
import type { RequestContext } from '../../http/context';
import { badRequest, conflict } from '../../http/errors';
import { normaliseImage } from '../../images/images';
import { toIso } from '../../timestamps/iso';
import { customerFor } from './product-requests-shared';

type Body = Required<Pick<ProductKycBody, 'firstName' | 'lastName' | 'dateOfBirth' | 'countryCode'>> & ProductKycBody;

const TOO_LARGE = `The picture must be smaller than ${PRODUCT_KYC_IMAGE_MAX_BYTES / 1024 / 1024} MB`;

/** DD/MM/YYYY to an ISO date, refusing one the calendar does not have (31/02). */
function isoDate(ddmmyyyy: string) {
  const [d, m, y] = ddmmyyyy.split('/').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCDate() !== d || date.getUTCMonth() !== m - 1 || date > new Date())
    throw badRequest('dateOfBirth is not a past calendar date', {
      dateOfBirth: ['dateOfBirth is not a past calendar date'],
    });
  return date.toISOString().slice(0, 10);
}

const picture = (base64: string, field: string) =>
  normaliseImage(Buffer.from(base64, 'base64'), {
    maxBytes: PRODUCT_KYC_IMAGE_MAX_BYTES,
    tooLargeMessage: TOO_LARGE,
    field,
  });

/** Whether the customer may submit: no case pending or approved (a rejected one may be submitted again). */
async function refuseOpenCase(db: Tx, customerId: string, lock: boolean) {
  const {
    rows: [open],
  } = await db.execute<{ id: string; status: string | null }>(sql`
    SELECT id, level_two_status AS status FROM kyc_records WHERE user_id = ${customerId} ${lock ? sql`FOR UPDATE` : sql``}`);
  if (open?.status === 'submitted' || open?.status === 'escalated')
    throw conflict('This customer already has a KYC case pending review');
  if (open?.status === 'approved') throw conflict("This customer's KYC is already approved");
  return open ?? null;
}

/**
 * A level-two KYC case from the customer app: the pictures checked by content, re-encoded and
 * stored encrypted (as staff uploads are) before the transaction; then the record (new, or a
 * rejected one submitted again), the customer's status, its history row and the audit row in one.
 * The list counters and anchors follow by trigger.
 */
export async function submitKyc(db: Db, files: FileStore, customerId: string, body: Body, ctx: RequestContext) {
  const dateOfBirth = isoDate(body.dateOfBirth);
  const idcard = picture(body.idcardImage, 'idcardImage');
  const selfie = picture(body.selfieImage, 'selfieImage');
  // Refused early, before anything is written to the store.
  await db.transaction(async (tx) => {
    await customerFor(tx, customerId);
    await refuseOpenCase(tx, customerId, false);
  });
  const meta = { permission: 'kyc.read' as const, createdBy: null };
  const idcardFile = await files.put(idcard.bytes, { ...meta, contentType: idcard.contentType });
  const selfieFile = await files.put(selfie.bytes, { ...meta, contentType: selfie.contentType });

  return db.transaction(async (tx) => {
    await customerFor(tx, customerId);
    const before = await refuseOpenCase(tx, customerId, true);
    const fields = sql`first_name = ${body.firstName}, middle_name = ${body.middleName ?? null}, last_name = ${body.lastName},
      phone_number = ${body.phoneNumber ?? null}, date_of_birth = ${dateOfBirth}::date, gender = ${body.gender ?? null},
      resident_address = ${body.residentAddress ?? null}, country_code = ${body.countryCode}, device_id = ${body.deviceId ?? null},
      idcard_type = ${body.idcardType}, idcard_number = ${body.idcardNumber},
      idcard_ipfs_hash = ${idcardFile.cid}, idcard_encrypt_key = ${idcardFile.key},
      selfie_ipfs_hash = ${selfieFile.cid}, selfie_encrypt_key = ${selfieFile.key}`;
    const { rows } = before
      ? await tx.execute<{ id: string; created_at: string; updated_at: string }>(sql`
          UPDATE kyc_records SET ${fields}, level_two_status = 'submitted', claimed_by = NULL, claimed_until = NULL, updated_at = now()
           WHERE id = ${before.id} RETURNING id, created_at, updated_at`)
      : await tx.execute<{ id: string; created_at: string; updated_at: string }>(sql`
          INSERT INTO kyc_records (user_id, first_name, middle_name, last_name, phone_number, date_of_birth, gender, resident_address,
                                   country_code, device_id, idcard_type, idcard_number, idcard_ipfs_hash, idcard_encrypt_key,
                                   selfie_ipfs_hash, selfie_encrypt_key, level_two_status)
          VALUES (${customerId}, ${body.firstName}, ${body.middleName ?? null}, ${body.lastName}, ${body.phoneNumber ?? null},
                  ${dateOfBirth}::date, ${body.gender ?? null}, ${body.residentAddress ?? null}, ${body.countryCode}, ${body.deviceId ?? null},
                  ${body.idcardType}, ${body.idcardNumber}, ${idcardFile.cid}, ${idcardFile.key}, ${selfieFile.cid}, ${selfieFile.key}, 'submitted')
          ON CONFLICT (user_id) DO NOTHING RETURNING id, created_at, updated_at`);
    // Two first submissions at once: the second finds the first's case.
    if (!rows[0]) throw conflict('This customer already has a KYC case pending review');
    const kyc = rows[0];
    await tx.execute(
      sql`UPDATE users SET kyc_level_two_status = 'submitted', updated_at = now() WHERE id = ${customerId}`,
    );
    await tx.execute(sql`
      INSERT INTO kyc_history (kyc_id, user_id, level, from_status, to_status, staff_email)
      VALUES (${kyc.id}, ${customerId}, 2, ${before?.status ?? null}, 'submitted', ${ctx.actor?.email ?? null})`);
    await writeAudit(tx, ctx, {
      action: 'product.kyc.submit',
      targetType: 'kyc_record',
      targetId: kyc.id,
      before: before ? { levelTwoStatus: before.status } : null,
      after: {
        customerId,
        levelTwoStatus: 'submitted',
        idcardType: body.idcardType,
        idcardImage: idcardFile.cid,
        selfieImage: selfieFile.cid,
      },
    });
    return {
      kycId: kyc.id,
      customerId,
      level: 2 as const,
      status: 'submitted',
      idcardImage: { cid: idcardFile.cid, size: idcardFile.size },
      selfieImage: { cid: selfieFile.cid, size: selfieFile.size },
      createdAt: toIso(kyc.created_at),
      updatedAt: toIso(kyc.updated_at),
    };
  });
}
