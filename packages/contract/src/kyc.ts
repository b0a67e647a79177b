/** Identity checks (KYC): levels, the review list, decisions, random claims and suspects. */
import { z } from 'zod';
import { numberInput } from './numbers';
import { pagedRecords, wordedPageNumber, wordedPageQuery, wordedPageSizeOf } from './paging';
import { defineStateMachine } from './state-machine';
import { boundedText, optionalReadableText, optionalText, readableText, TEXT_LIMITS, textMessages } from './text';

/** KYC list: default page 1, page size 20, size options 2, 5, 10, 20 (spec section 9). */
export const KYC_PAGE_SIZE = 20;
export const KYC_PAGE_SIZE_OPTIONS = [2, 5, 10, 20] as const;
/** Levels are fetched with page size 10. */
export const KYC_LEVELS_PAGE_SIZE = 10;
export const KYC_LEVEL_NUMBERS = [1, 2, 3] as const;
/** The levels whose review counters the list shows. */
export const KYC_FILTER_LEVELS = [2, 3] as const;
export const KYC_SUSPECTS_PAGE_SIZE = 20;
/** How long a case handed out by Manage Random KYC stays with its reviewer. */
export const KYC_CLAIM_MINUTES = 15;
/** A resident address shorter than this is highlighted as suspicious. */
export const KYC_ADDRESS_MIN_LENGTH = 15;
/** An age at most this is flagged 'User is too young'. */
export const KYC_TOO_YOUNG_AGE = 18;
export const KYC_TOO_YOUNG = 'User is too young';

export const KYC_REJECTION_REASONS = [
  'FACE_NOT_CLEAR',
  'NO_IMAGE',
  'NO_LIGHT',
  'AGE_ISSUE',
  'WRONG_PLACEMENT_OF_SELFIE',
  'NO_SELFIE',
  'NAME_MISMATCH',
  'DATA_MISMATCH',
  'GENDER_MISMATCH',
  'UNSUPPORTED_ID_TYPE',
] as const;
export type KycRejectionReason = (typeof KYC_REJECTION_REASONS)[number];
export const KYC_DEFAULT_REJECTION_REASON: KycRejectionReason = 'FACE_NOT_CLEAR';
export const KYC_SUPPORT_EMAIL = 'support@vaultdesk.example';
export const KYC_EXTERNAL_VERIFICATION_URL = 'https://verify.vaultdesk.example/kyc';
/** Appended to the message of an escalated case (spec: the standard escalation message). */
export const KYC_ESCALATION_MESSAGE = `Please complete your KYC through our verification partner at ${KYC_EXTERNAL_VERIFICATION_URL} and e-mail ${KYC_SUPPORT_EMAIL} once done.`;

export const KYC_MESSAGES = {
  levelUpdated: 'level updated Successfully',
  levelCreated: 'level created Successfully',
  levelDeleted: 'Level deleted successfully',
  levelDeleteConfirm: 'Are you sure you want to delete this Level?',
  approved: 'Approved successfully',
  decided: (status: string) => `KYC ${status} successfully`,
  noUnattended: 'No Unattended KYC',
  takenOver: 'You hold this case now',
  /** A decision on a case someone else holds (409): who holds it and when the hold ends. */
  heldBy: (email: string, until: string) =>
    `This case is held by ${email} until ${until}: only they can decide it until then`,
  fetched: 'Successfully fetched records',
} as const;

export const KYC_STATUSES = ['submitted', 'approved', 'rejected', 'escalated'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];
/** The statuses the list's counters and filters show. */
export const KYC_FILTER_STATUSES = ['submitted', 'approved', 'rejected'] as const;
export type KycFilterStatus = (typeof KYC_FILTER_STATUSES)[number];

/** KYC level 2 status: approve only from submitted; reject or escalate from submitted or approved. */
export const KYC_LEVEL_TWO = defineStateMachine<KycStatus>({
  name: 'KYC',
  states: {
    submitted: { label: 'submitted', color: 'blue' },
    approved: { label: 'approved', color: 'green' },
    rejected: { label: 'rejected', color: 'red' },
    escalated: { label: 'escalated', color: 'orange' },
  },
  transitions: [
    { from: ['submitted'], to: 'approved', permission: 'kyc.review' },
    { from: ['submitted', 'approved'], to: 'rejected', permission: 'kyc.review' },
    { from: ['submitted', 'approved'], to: 'escalated', permission: 'kyc.review' },
  ],
});
export const KYC_DECISIONS = ['approved', 'rejected', 'escalated'] as const;
export type KycDecision = (typeof KYC_DECISIONS)[number];

const page = wordedPageNumber;
const pageSizeOf = wordedPageSizeOf;
const objectId = (what: string) => z.uuid({ error: `${what} must be a valid id` });
/** A dollar amount: a non-negative decimal, numbers accepted as older clients send them. */
const dollars = (field: string) =>
  z
    .union([z.string().max(TEXT_LIMITS.number, textMessages.tooLong(field, TEXT_LIMITS.number)), z.number()], {
      error: `${field} must be a number`,
    })
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(/^\d{1,20}(\.\d{1,18})?$/, `${field} must be a non-negative amount`));

// ---- Levels ----------------------------------------------------------------------------------

export const kycLevel = z.object({
  _id: z.string(),
  levelName: z.string(),
  levelNumber: z.number().int(),
  dailyWithdrawal: z.string(),
  monthlyWithdrawal: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KycLevel = z.infer<typeof kycLevel>;

export const kycLevelsQuery = wordedPageQuery(KYC_LEVELS_PAGE_SIZE);
export const kycLevelList = pagedRecords(kycLevel, { records: 'levelList' }).omit({ totalPage: true });
export type KycLevelList = z.infer<typeof kycLevelList>;

export const createKycLevelBody = z.object({
  levelName: readableText('levelName', { max: TEXT_LIMITS.name }),
  levelNumber: numberInput('levelNumber must be 1, 2 or 3').pipe(
    z.literal([1, 2, 3], { error: 'levelNumber must be 1, 2 or 3' }),
  ),
  dailyWithdrawal: dollars('dailyWithdrawal'),
  monthlyWithdrawal: dollars('monthlyWithdrawal'),
});
export type CreateKycLevelBody = z.input<typeof createKycLevelBody>;

export const updateKycLevelQuery = z.object({ id: objectId('id').optional() });
export const updateKycLevelBody = z.object({
  id: objectId('id').optional(),
  levelName: readableText('levelName', { max: TEXT_LIMITS.name }),
  dailyWithdrawal: dollars('dailyWithdrawal'),
  monthlyWithdrawal: dollars('monthlyWithdrawal'),
});
export type UpdateKycLevelBody = z.input<typeof updateKycLevelBody>;
export const deleteKycLevelQuery = z.object({ id: objectId('id') });

// ---- Records ---------------------------------------------------------------------------------

export const kycUser = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  fullName: z.string(),
  phoneNo: z.string().nullable(),
  profileUrl: z.string().nullable(),
  refereeName: z.string().nullable(),
  kycLevelTwoStatus: z.string().nullable(),
  kycLevelThreeStatus: z.string().nullable(),
  KycLevelTwoApprovedBy: z.string().nullable(),
});

export const fraudIndicators = z.object({
  blacklistDetails: z.object({ blacklisted: z.boolean(), blacklistedRecordId: z.string().nullable() }),
  kycsRegisteredWithDevice: z.number().int(),
  userRegisteredWithDevice: z.number().int(),
  duplicatephoneNumber: z.number().int(),
  duplicateIdcardNumber: z.number().int(),
});
export type FraudIndicators = z.infer<typeof fraudIndicators>;

export const kycRecord = z.object({
  _id: z.string(),
  userId: kycUser,
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  /** DD/MM/YYYY */
  dateOfBirth: z.string().nullable(),
  gender: z.string().nullable(),
  residentAddress: z.string().nullable(),
  countryCode: z.string().nullable(),
  deviceId: z.string().nullable(),
  idcardType: z.string().nullable(),
  idcardNumber: z.string().nullable(),
  idcardIpfsHash: z.string().nullable(),
  idcardEncryptKey: z.string().nullable(),
  selfieIpfsHash: z.string().nullable(),
  selfieEncryptKey: z.string().nullable(),
  levelTwoStatus: z.string().nullable(),
  levelThreeStatus: z.string().nullable(),
  rejectedBy: z.string().nullable(),
  rejectionTime: z.string().nullable(),
  levelTwoRejectionReason: z.string().nullable(),
  levelTwoRejectionMessage: z.string().nullable(),
  /** The reviewer holding the case (Manage Random KYC), while the claim lasts. */
  claimedBy: z.string().nullable(),
  claimedUntil: z.string().nullable(),
  /** Present when the call names one customer (userId or email: Manage KYC); a level's list pages leave it out. */
  fraud: fraudIndicators.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KycRecord = z.infer<typeof kycRecord>;

export const kycCount = z.object({
  levelTwosubmittedKyc: z.number().int(),
  levelTwoapprovedKyc: z.number().int(),
  levelTworejectedKyc: z.number().int(),
  levelThreeSubmittedKyc: z.number().int(),
  levelThreeApprovedKyc: z.number().int(),
  levelThreeRejectedKyc: z.number().int(),
});
export type KycCount = z.infer<typeof kycCount>;

export const kycByLevelQuery = z.object({
  kycLevel: numberInput('kycLevel must be 2 or 3')
    .pipe(z.literal([2, 3], { error: 'kycLevel must be 2 or 3' }))
    .default(2),
  kycStatus: z.enum(KYC_STATUSES, { error: `kycStatus must be one of ${KYC_STATUSES.join(', ')}` }).optional(),
  page,
  pageSize: pageSizeOf(KYC_PAGE_SIZE),
  userId: objectId('userId').optional(),
  email: optionalText('email', TEXT_LIMITS.email),
});
export type KycByLevelQuery = {
  kycLevel?: 2 | 3;
  kycStatus?: KycStatus;
  page?: number;
  pageSize?: number;
  userId?: string;
  email?: string;
};

export const kycList = pagedRecords(kycRecord, { records: 'record' }).extend({ kycCount });
export type KycList = z.infer<typeof kycList>;

export const updateLevelTwoKycBody = z
  .object({
    id: objectId('id'),
    kycStatus: z.enum(KYC_DECISIONS, { error: 'kycStatus must be approved, rejected or escalated' }),
    RejectionReason: z
      .enum(KYC_REJECTION_REASONS, { error: 'RejectionReason must be one of the listed reasons' })
      .optional(),
    // Shown to the customer.
    RejectionMessage: optionalReadableText('RejectionMessage', TEXT_LIMITS.note, 'several'),
    /**
     * The case's status on the reviewer's screen (our addition, optional for the specification's
     * clients; the web app always sends it). When the case is in another status now, the decision
     * is refused with 409: two reviewers deciding the same case at once get one decision, and an
     * approval is revoked only by someone who saw it.
     */
    fromStatus: z.enum(KYC_STATUSES, { error: `fromStatus must be one of ${KYC_STATUSES.join(', ')}` }).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.kycStatus !== 'approved' && !b.RejectionReason) {
      ctx.addIssue({ code: 'custom', path: ['RejectionReason'], message: 'Choose a rejection reason' });
    }
  });
export type UpdateLevelTwoKycBody = z.input<typeof updateLevelTwoKycBody>;

export const kycDecisionResult = z.object({
  _id: z.string(),
  userId: z.string(),
  levelTwoStatus: z.string(),
  previousStatus: z.string(),
  levelTwoRejectionReason: z.string().nullable(),
  levelTwoRejectionMessage: z.string().nullable(),
});
export type KycDecisionResult = z.infer<typeof kycDecisionResult>;

/**
 * Take over (our addition, Super Admin's `kyc.takeover`): the case and the holder the screen
 * showed. When someone else holds it by now (another take-over came first), the call is refused
 * (409), so twenty take-overs at once leave one holder, not the last of twenty.
 */
export const takeOverKycBody = z.object({
  id: objectId('id'),
  claimedBy: boundedText('claimedBy', { min: 3, max: TEXT_LIMITS.email }),
});
export type TakeOverKycBody = z.input<typeof takeOverKycBody>;
export const kycTakeOverResult = z.object({
  _id: z.string(),
  userId: z.string(),
  claimedBy: z.string(),
  claimedUntil: z.string(),
  previousHolder: z.string(),
});
export type KycTakeOverResult = z.infer<typeof kycTakeOverResult>;

/** Manage Random KYC answers the user id of the case it hands out. */
export const randomKycResult = z.string();

export const rejectedKycQuery = z.object({ userId: objectId('userId') });
export const rejectedKycRecord = z.object({
  _id: z.string(),
  status: z.string(),
  rejectedBy: z.string().nullable(),
  rejectionTime: z.string(),
  levelTwoRejectionReason: z.string().nullable(),
  levelTwoRejectionMessage: z.string().nullable(),
});
export type RejectedKycRecord = z.infer<typeof rejectedKycRecord>;
export const rejectedKycList = z.object({ records: z.array(rejectedKycRecord) });

export const KYC_SUSPECT_FIELDS = ['phoneNumber', 'idcardNumber', 'deviceId'] as const;
export type KycSuspectField = (typeof KYC_SUSPECT_FIELDS)[number];
export const KYC_SUSPECT_LABELS: Record<KycSuspectField, string> = {
  phoneNumber: 'Phone Number',
  idcardNumber: 'ID Card Number',
  deviceId: 'Device ID',
};

export const kycSuspectsQuery = z
  .object({
    page,
    pageSize: pageSizeOf(KYC_SUSPECTS_PAGE_SIZE),
    phoneNumber: optionalText('phoneNumber', 64),
    idcardNumber: optionalText('idcardNumber', 64),
    deviceId: optionalText('deviceId', 128),
  })
  .superRefine((q, ctx) => {
    const given = KYC_SUSPECT_FIELDS.filter((f) => q[f]);
    if (given.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['phoneNumber'],
        message: 'Give exactly one of phoneNumber, idcardNumber or deviceId',
      });
    }
  });
export type KycSuspectsQuery = { page?: number; pageSize?: number } & Partial<Record<KycSuspectField, string>>;
export const kycSuspectRow = z.object({
  _id: z.string(),
  userId: z.object({ _id: z.string(), username: z.string(), email: z.string(), fullName: z.string() }),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  idcardNumber: z.string().nullable(),
  deviceId: z.string().nullable(),
  levelTwoStatus: z.string().nullable(),
  createdAt: z.string(),
});
export type KycSuspectRow = z.infer<typeof kycSuspectRow>;
export const kycSuspects = pagedRecords(kycSuspectRow);
export type KycSuspects = z.infer<typeof kycSuspects>;

/** The age in whole years on `today` of someone born on a DD/MM/YYYY date; null when unreadable. */
export function ageFrom(dateOfBirth: string | null | undefined, today = new Date()): number | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(dateOfBirth ?? '');
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < mo || (today.getUTCMonth() + 1 === mo && today.getUTCDate() < d)) age -= 1;
  return age;
}
export const isTooYoung = (dateOfBirth: string | null | undefined, today = new Date()) => {
  const age = ageFrom(dateOfBirth, today);
  return age !== null && age <= KYC_TOO_YOUNG_AGE;
};
export const isSuspiciousAddress = (address: string | null | undefined) =>
  (address ?? '').trim().length < KYC_ADDRESS_MIN_LENGTH;
