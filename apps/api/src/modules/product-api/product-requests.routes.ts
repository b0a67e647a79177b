import {
  PRODUCT_KYC_BODY_LIMIT,
  productCustomerParams,
  productDepositBody,
  productFundingBody,
  productFundingRequest,
  productKycBody,
  productKycCase,
  productOpenedPlan,
  productPlanBody,
  productPlanParams,
  productQueueRequest,
  productRequests,
  productRequestsQuery,
  productWithdrawal,
  productWithdrawalBody,
} from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { askDeposit } from './ask-deposit';
import { askWithdrawal } from './ask-withdrawal';
import { customerRequests } from './customer-requests';
import { fileFundingRequest } from './file-funding-request';
import { openPlan } from './open-plan';
import { productContext } from './product-context';
import { submitKyc } from './submit-kyc';

const tags = ['product API'];

/** The customer app's requests after registration: identity, plans, deposits, withdrawals, funding. */
export function productRequestsRoutes(app: App, { db, files }: Pick<Deps, 'db' | 'files'>) {
  app.post(
    '/product/v1/customers/:customerId/kyc',
    {
      bodyLimit: PRODUCT_KYC_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Submit a level-two KYC case: the KYC record fields and its ID card and selfie pictures (base64)',
        params: productCustomerParams,
        body: productKycBody,
        response: { 201: productKycCase },
      },
      config: { productScope: 'kyc.write' },
    },
    async (req, reply) =>
      reply.code(201).send(await submitKyc(db, files, req.params.customerId, req.body, productContext(req))),
  );

  app.post(
    '/product/v1/customers/:customerId/plans',
    {
      schema: {
        tags,
        summary: 'Open a savings plan (fixed with a term in days, or flexible), empty until a deposit is processed',
        params: productCustomerParams,
        body: productPlanBody,
        response: { 201: productOpenedPlan },
      },
      config: { productScope: 'plans.write' },
    },
    async (req, reply) =>
      reply.code(201).send(await openPlan(db, req.params.customerId, req.body, productContext(req))),
  );

  app.post(
    '/product/v1/customers/:customerId/plans/:planId/deposits',
    {
      schema: {
        tags,
        summary: "Ask to deposit into a plan: taken from the customer's wallet at once, queued in the deposit queue",
        params: productPlanParams,
        body: productDepositBody,
        response: { 201: productQueueRequest },
      },
      config: { productScope: 'plans.write' },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await askDeposit(db, req.params.customerId, req.params.planId, req.body, productContext(req))),
  );

  app.post(
    '/product/v1/customers/:customerId/withdrawals',
    {
      schema: {
        tags,
        summary:
          'Ask to withdraw: out of a plan (withdraw queue) or out of a wallet to an address (Withdrawal Out, held at once)',
        params: productCustomerParams,
        body: productWithdrawalBody,
        response: { 201: productWithdrawal },
      },
      config: { productScope: 'withdrawals.write' },
    },
    async (req, reply) =>
      reply.code(201).send(await askWithdrawal(db, req.params.customerId, req.body, productContext(req))),
  );

  app.post(
    '/product/v1/customers/:customerId/funding-requests',
    {
      schema: {
        tags,
        summary: "File a funding request (a transfer the customer sent): compliance's Funding Requests screen shows it",
        params: productCustomerParams,
        body: productFundingBody,
        response: { 201: productFundingRequest },
      },
      config: { productScope: 'funding.write' },
    },
    async (req, reply) =>
      reply.code(201).send(await fileFundingRequest(db, req.params.customerId, req.body, productContext(req))),
  );

  app.get(
    '/product/v1/customers/:customerId/requests',
    {
      schema: {
        tags,
        summary:
          "The state of each of a customer's requests (KYC, plans, deposits, withdrawals, funding), newest first",
        params: productCustomerParams,
        querystring: productRequestsQuery,
        response: { 200: productRequests },
      },
      config: { productScope: 'customers.read' },
    },
    async (req) => customerRequests(db, req.params.customerId, req.query.limit),
  );
}
