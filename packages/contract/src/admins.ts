import { z } from 'zod';
import { PAGE_SIZES } from './constants';
import { boundedText, emailAddress, readable, readableText, TEXT_LIMITS, textMessages } from './text';
import { pagedRecords, pageQuery } from './paging';

export const adminSetupBody = z.object({
  fullName: readableText('Full name', { min: 2, max: 120 }),
  email: emailAddress('Email'),
  roleId: z.uuid({ message: 'Choose a role' }),
});
export const adminSetupResult = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.object({ _id: z.string(), title: z.string() }),
  status: z.string(),
  /** Shown once to the creating Super Admin, to hand over by another channel than e-mail. */
  temporaryPassword: z.string(),
  inviteExpiresAt: z.string(),
});

export const roleRecord = z.object({
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  isActive: z.boolean(),
  /** Members sign in with a passkey (docs/operations.md, "Passkeys"). */
  requirePasskey: z.boolean(),
});
export type RoleRecord = z.infer<typeof roleRecord>;
export const rolesQuery = pageQuery(PAGE_SIZES.roles, { maxPage: 10_000 });
export const rolesPage = pagedRecords(roleRecord).omit({ totalPage: true });
export type RolesPage = z.infer<typeof rolesPage>;

export const permissionList = z.object({
  permissions: z.array(z.object({ key: z.string(), description: z.string() })),
});

export const ADMIN_PAGE_SIZE = 20;

/** GET admin/users/admin: page, pageSize=20. */
export const adminUsersQuery = pageQuery(ADMIN_PAGE_SIZE);
export const adminUserRecord = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  lastLogin: z.string().nullable(),
  role: z.object({ _id: z.string(), title: z.string() }),
  status: z.string(),
  createdAt: z.string(),
});
export type AdminUserRecord = z.infer<typeof adminUserRecord>;
export const adminUsersPage = pagedRecords(adminUserRecord, { currentPage: 'current' }).omit({ totalPage: true });
export type AdminUsersPage = z.infer<typeof adminUsersPage>;
export const idParams = z.object({ id: z.uuid({ message: 'Not a valid id' }) });
export const removedAdmin = z.object({
  _id: z.string(),
  email: z.string(),
  status: z.string(),
  revokedSessions: z.number().int(),
});

/** The further admin action: move an admin to another role (takes effect on their next call). */
export const changeAdminRoleBody = z.object({ roleId: z.uuid({ message: 'Choose a role' }) });
export const changedAdminRole = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.object({ _id: z.string(), title: z.string() }),
});

/** POST /admin/roles and PATCH /admin/roles/{id}: title, description, permissions. */
export const roleBody = z.object({
  title: readableText('Title', { min: 2, max: 60 }),
  description: readable(
    z.string().trim().max(TEXT_LIMITS.description, textMessages.tooLong('Description', TEXT_LIMITS.description)),
    'Description',
    'several',
  ).default(''),
  permissions: z
    .array(boundedText('Permission', { max: TEXT_LIMITS.permission }))
    .min(1, 'Choose at least one permission')
    .max(100, 'At most 100 permissions'),
});
export type RoleBody = z.input<typeof roleBody>;
export const deletedRole = z.object({ _id: z.string(), title: z.string() });
export type AdminSetupResult = z.infer<typeof adminSetupResult>;
