/**
 * The product API's customer calls (`/product/v1/customers…`): what the customer app's backend
 * sends and reads (docs/decisions/integrations.md, "Customers"). Answers are plain JSON objects.
 */
import { z } from 'zod';
import { emailAddress, optionalReadableText, readableText, TEXT_LIMITS } from './text';

/** A customer's id: the users.id Vaultdesk answers on registration. */
export const productCustomerParams = z.object({ customerId: z.guid('Must be a customer id (a UUID)') });

/** How many savings plans a customer read lists (newest first); `plansTruncated` says when there are more. */
export const PRODUCT_CUSTOMER_PLANS_LIMIT = 100;
/** How many wallets one customer may hold (one per network, and the networks are few). */
export const PRODUCT_CUSTOMER_WALLETS_LIMIT = 10;
/** The networks a customer wallet may be opened on: BNB Smart Chain, Polygon, the local test chain. */
export const PRODUCT_WALLET_NETWORKS = [56, 137, 31337] as const;
export const PRODUCT_DEVICE_TYPES = ['android', 'ios', 'web'] as const;

const countryCode = (label: string) =>
  z
    .string({ error: `${label} must be an ISO 3166 alpha-2 code` })
    .regex(/^[A-Z]{2}$/, `${label} must be an ISO 3166 alpha-2 code in capitals (NG, GH, GB, ...)`);

/** The device the customer registered (or last signed in) with: its serial is what a blacklist names. */
export const productDevice = z.object({
  type: z.enum(PRODUCT_DEVICE_TYPES, { error: `type must be one of ${PRODUCT_DEVICE_TYPES.join(', ')}` }),
  serial: z
    .string({ error: 'serial is required' })
    .regex(/^[A-Za-z0-9._:-]{4,100}$/, 'serial must be 4-100 letters, digits, dots, colons, dashes or underscores'),
  description: optionalReadableText('description', TEXT_LIMITS.description),
  build: optionalReadableText('build', 50),
});
export type ProductDevice = z.infer<typeof productDevice>;

export const productCoordinates = z.object({
  lat: z.number().min(-90).max(90),
  long: z.number().min(-180).max(180),
});

const phoneNo = z
  .string({ error: 'phoneNo must be text' })
  .regex(/^\+[1-9]\d{6,14}$/, 'phoneNo must be in international form: + then 7-15 digits');
const username = z
  .string({ error: 'username is required' })
  .regex(/^[A-Za-z0-9_.]{3,30}$/, 'username must be 3-30 letters, digits, dots or underscores');

export const productCustomerCreate = z.object({
  fullName: readableText('fullName', { max: TEXT_LIMITS.name }),
  username,
  email: emailAddress('email'),
  phoneNo: phoneNo.optional(),
  /** Country of residence. */
  country: countryCode('country'),
  /** Country of the sign-up IP and of the phone's time zone, as the customer app saw them. */
  ipCountry: countryCode('ipCountry').optional(),
  zoneCountry: countryCode('zoneCountry').optional(),
  registrationIp: z.union([z.ipv4(), z.ipv6()], { error: 'registrationIp must be an IPv4 or IPv6 address' }).optional(),
  device: productDevice,
  coordinates: productCoordinates.optional(),
  /** The referral code of the customer who referred this one. */
  referralCode: z
    .string({ error: 'referralCode must be text' })
    .regex(/^[A-Za-z0-9]{4,20}$/, 'referralCode must be 4-20 letters or digits')
    .optional(),
});
export type ProductCustomerCreate = z.infer<typeof productCustomerCreate>;

export const productCustomerUpdate = z
  .object({
    fullName: readableText('fullName', { max: TEXT_LIMITS.name }).optional(),
    phoneNo: phoneNo.nullable().optional(),
    country: countryCode('country').optional(),
    ipCountry: countryCode('ipCountry').optional(),
    zoneCountry: countryCode('zoneCountry').optional(),
    /** The device the customer now uses (it replaces the registration device's details). */
    device: productDevice.optional(),
    coordinates: productCoordinates.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Send at least one field to change' });
export type ProductCustomerUpdate = z.infer<typeof productCustomerUpdate>;

export const productWalletOpen = z.object({
  name: readableText('name', { max: TEXT_LIMITS.name }).optional(),
  address: z
    .string({ error: 'address is required' })
    .regex(/^0x[0-9a-fA-F]{40}$/, 'address must be an EVM address: 0x then 40 hexadecimal digits'),
  network: z.literal(PRODUCT_WALLET_NETWORKS, {
    error: `network must be one of ${PRODUCT_WALLET_NETWORKS.join(', ')}`,
  }),
});
export type ProductWalletOpen = z.infer<typeof productWalletOpen>;

export const productBalance = z.object({ currency: z.string(), balance: z.string() });
export const productWallet = z.object({
  walletId: z.string(),
  name: z.string(),
  address: z.string(),
  network: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  /** From the ledger's balances (wallet_balances); a currency never moved is absent. */
  balances: z.array(productBalance),
});
export type ProductWallet = z.infer<typeof productWallet>;

export const productCustomer = z.object({
  customerId: z.string(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  phoneNo: z.string().nullable(),
  country: z.string().nullable(),
  ipCountry: z.string().nullable(),
  zoneCountry: z.string().nullable(),
  /** This customer's own code, for the customers they refer. */
  referralCode: z.string(),
  referredBy: z.string().nullable(),
  deactivated: z.boolean(),
  kyc: z.object({ levelTwo: z.string().nullable(), levelThree: z.string().nullable() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductCustomer = z.infer<typeof productCustomer>;

export const productPlan = z.object({
  planId: z.string(),
  planName: z.string(),
  planType: z.string(),
  currency: z.string(),
  depositAmount: z.string(),
  shareBalance: z.string(),
  planState: z.string(),
  saveStatus: z.string(),
  locked: z.boolean(),
  lockPeriod: z.string().nullable(),
  createdAt: z.string(),
});

export const productCustomerDetail = productCustomer.extend({
  wallets: z.array(productWallet),
  plans: z.array(productPlan),
  plansTruncated: z.boolean(),
});
export type ProductCustomerDetail = z.infer<typeof productCustomerDetail>;
