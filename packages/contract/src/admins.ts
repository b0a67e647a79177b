import { z } from 'zod';
import { PAGE_SIZES } from './constants';

export const adminSetupBody = z.object({
  fullName: z.string().trim().min(2, 'Full name is required').max(120),
  email: z.string().trim().toLowerCase().pipe(z.email({ message: 'Enter a valid email' })),
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
});
export type RoleRecord = z.infer<typeof roleRecord>;
export const rolesQuery = z.object({
  page: z.coerce.number().int().min(1).max(10000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(PAGE_SIZES.roles),
});
export const rolesPage = z.object({
  records: z.array(roleRecord),
  currentPage: z.number().int(),
  pageSize: z.number().int(),
  totalRecords: z.number().int(),
});
export type RolesPage = z.infer<typeof rolesPage>;

export const permissionList = z.object({
  permissions: z.array(z.object({ key: z.string(), description: z.string() })),
});
