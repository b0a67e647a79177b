import {
  envelope,
  FUNDS_MESSAGES,
  lockFixedSavingsBody,
  lockFlexibleSavingsBody,
  remittanceResult,
  resolveWalletBody,
  resolveWalletResult,
  savingsLockResult,
  triggerRemittanceBody,
} from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { createUserFundsService } from './user-funds.service';

export function userFundsRoutes(app: App, { db }: Deps) {
  const service = createUserFundsService(db);

  app.put(
    '/v1/admin/lock-fixed-savings',
    {
      schema: {
        tags: ['user funds'],
        summary: "Lock (freeze) or unlock a customer's fixed savings plan",
        body: lockFixedSavingsBody,
        response: { 200: envelope(savingsLockResult) },
      },
      config: { access: { permission: 'users.manage' }, approval: 'savings.unlock-fixed' },
    },
    async (req) => ok(await service.lockFixedSavings(requestContext(req), req.body), FUNDS_MESSAGES.lockUpdated),
  );

  app.put(
    '/v1/admin/lock-flexible-savings',
    {
      schema: {
        tags: ['user funds'],
        summary: "Lock an amount of a customer's flexible savings plan, or unlock it",
        body: lockFlexibleSavingsBody,
        response: { 200: envelope(savingsLockResult) },
      },
      config: { access: { permission: 'users.manage' }, approval: 'savings.unlock-flexible' },
    },
    async (req) => ok(await service.lockFlexibleSavings(requestContext(req), req.body), FUNDS_MESSAGES.lockUpdated),
  );

  app.post(
    '/v1/advanced/trigger-remittance',
    {
      schema: {
        tags: ['user funds'],
        summary: "Move a customer's whole balance in one currency (1 BUSD, 2 VLT) into a pending remittance",
        body: triggerRemittanceBody,
        response: { 200: envelope(remittanceResult) },
      },
      config: { access: { permission: 'funds.remit' }, approval: 'remittance.trigger' },
    },
    async (req) =>
      ok(await service.triggerRemittance(requestContext(req), req.body), FUNDS_MESSAGES.remitted[req.body.currency]),
  );

  app.post(
    '/v1/resolve-multiple-wallet-issue',
    {
      schema: {
        tags: ['user funds'],
        summary: "Fold a customer's duplicate wallet into their primary (oldest active) wallet",
        body: resolveWalletBody,
        response: { 200: envelope(resolveWalletResult) },
      },
      config: { access: { permission: 'wallets.resolve' } },
    },
    async (req) =>
      ok(await service.resolveMultipleWallet(requestContext(req), req.body.walletId), FUNDS_MESSAGES.walletResolved),
  );
}
