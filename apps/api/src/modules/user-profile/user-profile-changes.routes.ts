import {
  changeRoleBody,
  customerProfile,
  envelope,
  recordIdBody,
  recordSwitched,
  roleChanged,
  twoFactorRemoved,
  updateTrustScoreBody,
  userIdBody,
} from '@vaultdesk/contract';
import type { App } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import type { createUserProfileService } from './user-profile.service';
import { seesDevices } from './user-profile-details.routes';

const tags = ['user profile'];
const manage = { access: { permission: 'users.manage' as const } };

/** Changes to a customer: trust score, two-factor, record visibility, role. */
export function userProfileChangeRoutes(app: App, service: ReturnType<typeof createUserProfileService>) {
  app.post(
    '/v1/admin/update-user-trustscore',
    {
      schema: {
        tags,
        summary: "Set a customer's trust score (1-100)",
        body: updateTrustScoreBody,
        response: { 200: envelope(customerProfile) },
      },
      config: manage,
    },
    async (req) =>
      ok(
        await service.updateTrustScore(req.body, requestContext(req), seesDevices(req)),
        'trust score updated successfully',
      ),
  );

  app.put(
    '/v1/admin/deactivate-user-two-factor',
    {
      schema: {
        tags,
        summary: "Remove a customer's two-factor authentication",
        body: userIdBody,
        response: { 200: envelope(twoFactorRemoved) },
      },
      config: manage,
    },
    async (req) =>
      ok(await service.deactivateTwoFactor(req.body.userId, requestContext(req)), '2fa deactivated successfully'),
  );

  app.put(
    '/v1/admin/switch-savings-record',
    {
      schema: {
        tags,
        summary: "Toggle a savings transaction's visibility",
        body: recordIdBody,
        response: { 200: envelope(recordSwitched) },
      },
      config: manage,
    },
    async (req) => ok(await service.switchRecord('savings', req.body.recordId, requestContext(req)), 'status updated'),
  );

  app.put(
    '/v1/admin/switch-wallet-record',
    {
      schema: {
        tags,
        summary: "Toggle a wallet transaction's visibility",
        body: recordIdBody,
        response: { 200: envelope(recordSwitched) },
      },
      config: manage,
    },
    async (req) => ok(await service.switchRecord('wallet', req.body.recordId, requestContext(req)), 'status updated'),
  );

  app.post(
    '/v1/admin/roles/change-role',
    {
      schema: {
        tags,
        summary: "Change a customer's role (User or Staff)",
        body: changeRoleBody,
        response: { 200: envelope(roleChanged) },
      },
      config: manage,
    },
    async (req) => ok(await service.changeRole(req.body, requestContext(req)), 'updated successfully'),
  );
}
