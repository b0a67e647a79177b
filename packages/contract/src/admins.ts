import { z } from 'zod';

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

export const permissionList = z.object({
  permissions: z.array(z.object({ key: z.string(), description: z.string() })),
});
