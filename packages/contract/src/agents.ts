import { z } from 'zod';
import { emailAddress, readableText } from './text';
import { pagedRecords } from './paging';

/** User types (Agent, Merchant, ...) and the shop agents who hold them: the User Type screen. */
export const USER_TYPE_NAME_MAX = 40;
export const userTypeName = readableText('UserType name', { max: USER_TYPE_NAME_MAX });

/** POST /admin/user-types/add-user-type and PATCH /admin/user-types/update-user-type?id: body name. */
export const userTypeBody = z.object({ name: userTypeName });
export type UserTypeBody = z.input<typeof userTypeBody>;
export const userTypeIdQuery = z.object({ id: z.uuid({ message: 'Not a valid id' }) });

export const userType = z.object({ _id: z.string(), name: z.string(), createdAt: z.string() });
export type UserType = z.infer<typeof userType>;
export const userTypeList = z.object({ userTypes: z.array(userType) });
export type UserTypeList = z.infer<typeof userTypeList>;

/** ID types an agent's ID card may be. */
export const AGENT_ID_TYPES = ['National_ID', 'International_ID', 'Drivers_License'] as const;
export type AgentIdType = (typeof AGENT_ID_TYPES)[number];
export const agentIdType = z.enum(AGENT_ID_TYPES, {
  message: 'ID type is National_ID, International_ID or Drivers_License',
});

/** Upload limits: the ID card under 5 MB, the shop image under 2 MB; the selfie is a 200x200 capture. */
export const AGENT_IMAGE_LIMITS = {
  idcard: { field: 'cardUrl', maxBytes: 5 * 1024 * 1024, tooLarge: 'Image must smaller than 5MB!' },
  selfie: { field: 'imageUrl', maxBytes: 2 * 1024 * 1024, tooLarge: 'Image must smaller than 2MB!' },
  shop: { field: 'shopUrl', maxBytes: 2 * 1024 * 1024, tooLarge: 'Image must smaller than 2MB!' },
} as const;
export type AgentImageKind = keyof typeof AGENT_IMAGE_LIMITS;
export const ONLY_JPG_PNG_MESSAGE = 'You can only upload JPG/PNG file!';
/** The webcam capture: 200x200 JPEG from the front camera. */
export const AGENT_SELFIE_SIZE = 200;
/** The server refuses a selfie of any other size: it must be the page's own capture. */
export const SELFIE_SIZE_MESSAGE = `The selfie must be a ${AGENT_SELFIE_SIZE}x${AGENT_SELFIE_SIZE} capture`;

const userIdParam = z.uuid({ message: 'Not a valid user id' });
/** PUT /admin/update-agent-idcard?userid, PUT /admin/update-shopImage?userid, POST admin/update-location?userid. */
export const agentUserQuery = z.object({ userid: userIdParam });
/** PUT /admin/update-shopagent-selfie?id (the specification names the user id `id` on this one call). */
export const agentSelfieQuery = z.object({ id: userIdParam });

export const STORE_STATE_MAX = 60;
export const storeStateBody = z.object({
  storeState: readableText('Store state', { max: STORE_STATE_MAX }),
});

/** Agent e-mails are trimmed and lowercased before anything else. */
export const agentEmail = emailAddress('Agent email');

/** POST /admin/assign-usertype and PUT /admin/remove-usertype: body email, usertype (the type's name). */
export const usertypeMembershipBody = z.object({ email: agentEmail, usertype: userTypeName });
export type UsertypeMembershipBody = z.input<typeof usertypeMembershipBody>;

/**
 * Agent KYC. The `...Url` fields are the pictures' addresses (CIDs) in the encrypted store, each
 * with the key that decrypts it (only the browser decrypts).
 */
export const agentKyc = z.object({
  idcardType: z.string().nullable(),
  idCardImageUrl: z.string().nullable(),
  idCardEncryptKey: z.string().nullable(),
  shopImageUrl: z.string().nullable(),
  shopImageEncryptKey: z.string().nullable(),
  shopOwnerSelfieUrl: z.string().nullable(),
  shopOwnerSelfieEncryptKey: z.string().nullable(),
  storeState: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type AgentKyc = z.infer<typeof agentKyc>;
export const agentKycResult = agentKyc.extend({ userId: z.string() });

export const agentMembership = z.object({
  _id: z.string(),
  email: z.string(),
  username: z.string(),
  usertype: z.string(),
});

export const AGENTS_PAGE_SIZE = 10;
/** Pages beyond this are refused: the list is read by offset, so its depth is bounded. */
export const AGENTS_MAX_PAGE = 1000;
/** The count shown is exact up to this many; beyond, it reads as this many. */
export const AGENTS_COUNT_CAP = AGENTS_PAGE_SIZE * AGENTS_MAX_PAGE;

/** GET /admin/sortuser-by-usertype: query userType, page. */
export const sortUserByUserTypeQuery = z.object({
  userType: userTypeName,
  page: z.coerce
    .number({ message: 'page is a number' })
    .int('page is a whole number')
    .min(1, 'page starts at 1')
    .max(AGENTS_MAX_PAGE, `page is at most ${AGENTS_MAX_PAGE}`)
    .default(1),
});
export type SortUserByUserTypeQuery = z.input<typeof sortUserByUserTypeQuery>;

export const agentRow = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  fullName: z.string(),
  profileUrl: z.string().nullable(),
  userType: z.string(),
  assignedAt: z.string(),
  agentKyc: agentKyc.nullable(),
});
export type AgentRow = z.infer<typeof agentRow>;
export const agentsPage = pagedRecords(agentRow, { records: 'getUserTypes' });
export type AgentsPage = z.infer<typeof agentsPage>;
