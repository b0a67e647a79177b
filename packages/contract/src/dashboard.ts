import { z } from 'zod';

export const dashboardCards = z.object({
  users: z.number().int(),
  dailySignup: z.number().int(),
  verifiedUsers: z.number().int(),
  unVerifiedUsers: z.number().int(),
  totalReferalPayout: z.string(),
});
export type DashboardCards = z.infer<typeof dashboardCards>;
