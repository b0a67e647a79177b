import { sql, type SQL } from 'drizzle-orm';
import type { KycCount, KycRecord } from '@vaultdesk/contract';
import { isoSql as ISO } from '../../timestamps/iso';

export type RecordRow = {
  id: string;
  user_id: string;
  username: string;
  email: string;
  full_name: string;
  phone_no: string | null;
  profile_url: string | null;
  referee_name: string | null;
  kyc_level_two_status: string | null;
  kyc_level_three_status: string | null;
  approved_by_email: string | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  phone_number: string | null;
  date_of_birth: string | null;
  gender: string | null;
  resident_address: string | null;
  country_code: string | null;
  device_id: string | null;
  idcard_type: string | null;
  idcard_number: string | null;
  idcard_ipfs_hash: string | null;
  idcard_encrypt_key: string | null;
  selfie_ipfs_hash: string | null;
  selfie_encrypt_key: string | null;
  level_two_status: string | null;
  level_three_status: string | null;
  rejected_by_email: string | null;
  rejection_time: string | null;
  level_two_rejection_reason: string | null;
  level_two_rejection_message: string | null;
  claimed_by_email: string | null;
  claimed_until: string | null;
  created_at: string;
  updated_at: string;
  blacklist_id?: string | null;
  blacklisted?: boolean | null;
  kycs_with_device?: number;
  users_with_device?: number;
  same_phone?: number;
  same_idcard?: number;
};

/**
 * One KYC record with its customer and the staff who acted on it. The staff, referee and
 * blacklist lookups are scalar subqueries, not joins: with eight joined relations the
 * planner's join-order search cost about 6 ms per call, five times the query's own run time, and
 * a generic (prepared) plan is far worse for the paged list (it plans for a large LIMIT).
 */
const recordSelect = (more: SQL) => sql`
  SELECT k.id, k.user_id, u.username, u.email, u.full_name, u.phone_no, u.profile_url,
         (SELECT ref.full_name FROM users ref WHERE ref.id = u.referee_id) AS referee_name,
         u.kyc_level_two_status, u.kyc_level_three_status,
         (SELECT sa.email FROM staff sa WHERE sa.id = k.level_two_approved_by) AS approved_by_email,
         k.first_name, k.middle_name, k.last_name, k.phone_number, to_char(k.date_of_birth, 'DD/MM/YYYY') AS date_of_birth,
         k.gender, k.resident_address, k.country_code, k.device_id, k.idcard_type, k.idcard_number,
         k.idcard_ipfs_hash, k.idcard_encrypt_key, k.selfie_ipfs_hash, k.selfie_encrypt_key,
         k.level_two_status, k.level_three_status,
         (SELECT sr.email FROM staff sr WHERE sr.id = k.rejected_by) AS rejected_by_email, ${ISO('k.rejection_time')} AS rejection_time,
         k.level_two_rejection_reason, k.level_two_rejection_message,
         CASE WHEN k.claimed_until > now() THEN (SELECT sc.email FROM staff sc WHERE sc.id = k.claimed_by) END AS claimed_by_email,
         CASE WHEN k.claimed_until > now() THEN ${ISO('k.claimed_until')} END AS claimed_until,
         ${ISO('k.created_at')} AS created_at, ${ISO('k.updated_at')} AS updated_at ${more}
    FROM kyc_records k
    JOIN users u ON u.id = k.user_id`;

const FRAUD_COLUMNS = sql.raw(`,
         (SELECT bd.id FROM blacklisted_devices bd WHERE bd.device_id = k.device_id) AS blacklist_id,
         (SELECT bd.blacklisted FROM blacklisted_devices bd WHERE bd.device_id = k.device_id) AS blacklisted,
         (SELECT count(*)::int FROM kyc_records x WHERE x.device_id = k.device_id) AS kycs_with_device,
         (SELECT count(*)::int FROM users x WHERE x.registration_device_details ->> 'serial' = k.device_id) AS users_with_device,
         (SELECT count(*)::int FROM kyc_records x WHERE x.phone_number = k.phone_number) AS same_phone,
         (SELECT count(*)::int FROM kyc_records x WHERE x.idcard_number = k.idcard_number) AS same_idcard`);
/** One customer's record, fraud indicators included (Manage KYC). */
export const RECORD_SELECT = recordSelect(FRAUD_COLUMNS);
/** A list page's records: the columns the list shows, without the fraud indicators. */
export const LIST_RECORD_SELECT = recordSelect(sql``);

export const toRecord = (r: RecordRow): KycRecord => ({
  _id: r.id,
  userId: {
    _id: r.user_id,
    username: r.username,
    email: r.email,
    fullName: r.full_name,
    phoneNo: r.phone_no,
    profileUrl: r.profile_url,
    refereeName: r.referee_name,
    kycLevelTwoStatus: r.kyc_level_two_status,
    kycLevelThreeStatus: r.kyc_level_three_status,
    KycLevelTwoApprovedBy: r.approved_by_email,
  },
  firstName: r.first_name,
  middleName: r.middle_name,
  lastName: r.last_name,
  phoneNumber: r.phone_number,
  dateOfBirth: r.date_of_birth,
  gender: r.gender,
  residentAddress: r.resident_address,
  countryCode: r.country_code,
  deviceId: r.device_id,
  idcardType: r.idcard_type,
  idcardNumber: r.idcard_number,
  idcardIpfsHash: r.idcard_ipfs_hash,
  idcardEncryptKey: r.idcard_encrypt_key,
  selfieIpfsHash: r.selfie_ipfs_hash,
  selfieEncryptKey: r.selfie_encrypt_key,
  levelTwoStatus: r.level_two_status,
  levelThreeStatus: r.level_three_status,
  rejectedBy: r.rejected_by_email,
  rejectionTime: r.rejection_time,
  levelTwoRejectionReason: r.level_two_rejection_reason,
  levelTwoRejectionMessage: r.level_two_rejection_message,
  claimedBy: r.claimed_by_email,
  claimedUntil: r.claimed_until,
  ...(r.kycs_with_device === undefined
    ? {}
    : {
        fraud: {
          blacklistDetails: { blacklisted: r.blacklisted === true, blacklistedRecordId: r.blacklist_id ?? null },
          kycsRegisteredWithDevice: r.device_id ? Number(r.kycs_with_device) : 0,
          userRegisteredWithDevice: r.device_id ? Number(r.users_with_device) : 0,
          duplicatephoneNumber: r.phone_number ? Number(r.same_phone) : 0,
          duplicateIdcardNumber: r.idcard_number ? Number(r.same_idcard) : 0,
        },
      }),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const kycCountOf = (counts: Record<string, number | string> | null): KycCount => {
  const n = (key: string) => Number(counts?.[key] ?? 0);
  return {
    levelTwosubmittedKyc: n('2:submitted'),
    levelTwoapprovedKyc: n('2:approved'),
    levelTworejectedKyc: n('2:rejected'),
    levelThreeSubmittedKyc: n('3:submitted'),
    levelThreeApprovedKyc: n('3:approved'),
    levelThreeRejectedKyc: n('3:rejected'),
  };
};
