import {
  productCustomer,
  productCustomerCreate,
  productCustomerDetail,
  productCustomerParams,
  productCustomerUpdate,
  productWallet,
  productWalletOpen,
} from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { productContext } from './product-context';
import { openWallet, readCustomer, registerCustomer, updateCustomer } from './product-customers';

const tags = ['product API'];

/** The customer app's backend registers, updates and reads its customers and opens their wallets. */
export function productCustomersRoutes(app: App, { db }: Pick<Deps, 'db'>) {
  app.post(
    '/product/v1/customers',
    {
      schema: {
        tags,
        summary: 'Register a customer (profile, device, country, referral); answers its customerId',
        body: productCustomerCreate,
        response: { 201: productCustomer },
      },
      config: { productScope: 'customers.write' },
    },
    async (req, reply) => reply.code(201).send(await registerCustomer(db, productContext(req), req.body)),
  );

  app.patch(
    '/product/v1/customers/:customerId',
    {
      schema: {
        tags,
        summary: "Update a customer's profile, device or country",
        params: productCustomerParams,
        body: productCustomerUpdate,
        response: { 200: productCustomer },
      },
      config: { productScope: 'customers.write' },
    },
    async (req) => updateCustomer(db, productContext(req), req.params.customerId, req.body),
  );

  app.get(
    '/product/v1/customers/:customerId',
    {
      schema: {
        tags,
        summary: 'A customer: profile, KYC state, wallets with addresses and balances, savings plans',
        params: productCustomerParams,
        response: { 200: productCustomerDetail },
      },
      config: { productScope: 'customers.read' },
    },
    async (req) => readCustomer(db, req.params.customerId),
  );

  app.post(
    '/product/v1/customers/:customerId/wallets',
    {
      schema: {
        tags,
        summary: 'Open a wallet for a customer with its address (one per network; an address belongs to one customer)',
        params: productCustomerParams,
        body: productWalletOpen,
        response: { 201: productWallet },
      },
      config: { productScope: 'customers.write' },
    },
    async (req, reply) =>
      reply.code(201).send(await openWallet(db, productContext(req), req.params.customerId, req.body)),
  );
}
