import type { Config } from './config/config';
import { ADMINS_APPROVALS } from './modules/admins/admins.approvals';
import { APPROVAL_POLICY_APPROVALS } from './modules/approvals/approval-policy.approvals';
import type { ActionDef, AreaApprovals } from './modules/approvals/approvals.service';
import { COMPLIANCE_APPROVALS } from './modules/compliance/compliance.approvals';
import { INTEGRATIONS_APPROVALS } from './modules/integrations/integrations.approvals';
import { SETTINGS_APPROVALS } from './modules/settings/settings.approvals';
import { USER_FUNDS_APPROVALS } from './modules/user-funds/user-funds.approvals';
import { WITHDRAW_OUT_APPROVALS } from './modules/withdraw-out/withdraw-out.approvals';

/**
 * Every area's guarded actions, each declared in its own `<area>.approvals.ts` beside its service
 * (what is held, how it is valued, how it is re-checked and carried out). The approvals module
 * takes the table built from this list and knows no area.
 */
export const AREA_APPROVALS: readonly AreaApprovals[] = [
  USER_FUNDS_APPROVALS,
  WITHDRAW_OUT_APPROVALS,
  SETTINGS_APPROVALS,
  APPROVAL_POLICY_APPROVALS,
  ADMINS_APPROVALS,
  COMPLIANCE_APPROVALS,
  INTEGRATIONS_APPROVALS,
];

/** Every action the policy can hold back, by the key the route's config names; a key declared twice does not start. */
export function approvalActions(config: Config): Record<string, ActionDef> {
  const actions: Record<string, ActionDef> = {};
  for (const area of AREA_APPROVALS) {
    for (const [key, def] of Object.entries(area(config))) {
      if (actions[key]) throw new Error(`The approval action ${key} is declared by two areas`);
      actions[key] = def;
    }
  }
  return actions;
}
