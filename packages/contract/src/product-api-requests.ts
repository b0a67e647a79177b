import { z } from 'zod';
import { TRANSACTION_HASH, WALLET_ADDRESS } from './compliance';
import { PLAN_TYPES } from './savings-plans';
import { TEXT_LIMITS, boundedText, optionalText, textInput } from './text';
import { AMOUNT_MAX_DECIMALS, AMOUNT_MAX_INTEGER_DIGITS } from './user-funds';

/*
 * The product API's requests after registration: KYC, plans, deposits, withdrawals, funding
 * requests, and the state of each (docs/decisions/integrations.md).
 */

const uuid = (label: string) => z.uuid({ message: `${label} must be a uuid` });

export const productPlanParams = z.object({ customerId: uuid('customerId'), planId: uuid('planId') });

/** A positive decimal numeric(38,18) holds, sent as a string (never a float). */
export const productAmount = (label: string) =>
  textInput(label)
    .trim()
    .max(TEXT_LIMITS.number, `${label} is too long: at most ${TEXT_LIMITS.number} characters`)
    .superRefine((v, ctx) => {
      const m = /^(\d+)(?:\.(\d+))?$/.exec(v);
      const problem = !m
        ? `${label} must be a decimal number written as a string, for example "12.5"`
        : !/[1-9]/.test(v)
          ? `${label} must be greater than 0`
          : m[1]!.replace(/^0+/, '').length > AMOUNT_MAX_INTEGER_DIGITS
            ? `${label} is too large: at most ${AMOUNT_MAX_INTEGER_DIGITS} digits before the decimal point`
            : (m[2] ?? '').length > AMOUNT_MAX_DECIMALS
              ? `${label} has at most ${AMOUNT_MAX_DECIMALS} decimals`
              : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

export const PRODUCT_CURRENCIES = ['BUSD', 'VLT'] as const;
const currency = z.enum(PRODUCT_CURRENCIES, { message: 'currency is BUSD or VLT' });

// ---- KYC -------------------------------------------------------------------------------------

/** Largest picture, decoded: the staff upload limit of an ID card. */
export const PRODUCT_KYC_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Base64 of the largest picture (4 characters per 3 bytes), with room for padding. */
const IMAGE_BASE64_MAX = Math.ceil(PRODUCT_KYC_IMAGE_MAX_BYTES / 3) * 4 + 4;
/** The KYC route's body limit: two pictures at their largest plus the fields. */
export const PRODUCT_KYC_BODY_LIMIT = 2 * IMAGE_BASE64_MAX + 64 * 1024;

const base64Image = (label: string) =>
  textInput(label)
    .max(
      IMAGE_BASE64_MAX,
      `${label} (a picture of at most ${PRODUCT_KYC_IMAGE_MAX_BYTES / 1024 / 1024} MB, in base64) is too long: at most ${IMAGE_BASE64_MAX} characters`,
    )
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, `${label} must be the picture's bytes in base64`);

export const productKycBody = z.object({
  firstName: boundedText('firstName', { max: TEXT_LIMITS.name }),
  middleName: optionalText('middleName', TEXT_LIMITS.name),
  lastName: boundedText('lastName', { max: TEXT_LIMITS.name }),
  phoneNumber: textInput('phoneNumber')
    .trim()
    .regex(/^\+?[0-9][0-9 ()-]{4,29}$/, 'phoneNumber must be a phone number (digits, spaces, brackets, dashes)')
    .optional(),
  /** DD/MM/YYYY, as the specification's KYC record writes it. */
  dateOfBirth: textInput('dateOfBirth').regex(
    /^(0[1-9]|[12]\d|3[01])\/(0[1-9]|1[0-2])\/(19|20)\d{2}$/,
    'dateOfBirth must be DD/MM/YYYY',
  ),
  gender: z.enum(['male', 'female', 'other'], { message: 'gender is male, female or other' }).optional(),
  residentAddress: optionalText('residentAddress', TEXT_LIMITS.description),
  countryCode: textInput('countryCode').regex(/^[A-Z]{2}$/, 'countryCode must be two capital letters (ISO 3166)'),
  deviceId: optionalText('deviceId', TEXT_LIMITS.name),
  idcardType: boundedText('idcardType', { max: TEXT_LIMITS.name }),
  idcardNumber: boundedText('idcardNumber', { max: TEXT_LIMITS.name }),
  /** JPG or PNG, base64: checked by content, re-encoded and stored encrypted as staff uploads are. */
  idcardImage: base64Image('idcardImage'),
  selfieImage: base64Image('selfieImage'),
});
export type ProductKycBody = z.input<typeof productKycBody>;

export const productKycCase = z.object({
  kycId: z.string(),
  customerId: z.string(),
  level: z.literal(2),
  status: z.string(),
  idcardImage: z.object({ cid: z.string(), size: z.number().int() }),
  selfieImage: z.object({ cid: z.string(), size: z.number().int() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});

// ---- Plans and deposits ------------------------------------------------------------------------

/** A fixed plan's term, in days (its lockPeriod is opening time + term). */
export const PRODUCT_PLAN_TERM_DAYS = { min: 7, max: 3650 } as const;

export const productPlanBody = z
  .object({
    planType: z.enum(PLAN_TYPES, { message: 'planType is fixed or flexible' }),
    planName: boundedText('planName', { max: TEXT_LIMITS.name }),
    currency: currency.default('BUSD'),
    termDays: z
      .number({ message: 'termDays must be a whole number of days' })
      .int('termDays must be a whole number of days')
      .min(PRODUCT_PLAN_TERM_DAYS.min, `termDays is at least ${PRODUCT_PLAN_TERM_DAYS.min}`)
      .max(PRODUCT_PLAN_TERM_DAYS.max, `termDays is at most ${PRODUCT_PLAN_TERM_DAYS.max}`)
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (b.planType === 'fixed' && b.termDays === undefined)
      ctx.addIssue({ code: 'custom', path: ['termDays'], message: 'A fixed plan needs termDays' });
    if (b.planType === 'flexible' && b.termDays !== undefined)
      ctx.addIssue({ code: 'custom', path: ['termDays'], message: 'A flexible plan has no term' });
  });
export type ProductPlanBody = z.input<typeof productPlanBody>;

/** A plan as opened through the product API (the customer read lists `productPlan`). */
export const productOpenedPlan = z.object({
  planId: z.string(),
  customerId: z.string(),
  planType: z.enum(PLAN_TYPES),
  planName: z.string(),
  currency: z.string(),
  depositAmount: z.string(),
  planState: z.string(),
  saveStatus: z.string(),
  /** End of a fixed plan's term (ISO); null for flexible plans. */
  lockPeriod: z.string().nullable(),
  createdAt: z.string(),
});

export const productDepositBody = z.object({
  amount: productAmount('amount'),
  /** The wallet paying (default: the customer's oldest active wallet). */
  walletId: uuid('walletId').optional(),
});
export type ProductDepositBody = z.input<typeof productDepositBody>;

export const productQueueRequest = z.object({
  queueItemId: z.string(),
  queue: z.enum(['deposit', 'withdraw']),
  customerId: z.string(),
  planId: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.string(),
  /** Deposits: the wallet's balance after the amount was taken from it. */
  balanceAfter: z.string().nullable(),
  createdAt: z.string(),
});

// ---- Withdrawals -------------------------------------------------------------------------------

/**
 * Either out of a plan (planId: a withdraw queue item) or out of a wallet to an address
 * (currency + destinationAddress: a Withdrawal Out request, held at once).
 */
export const productWithdrawalBody = z
  .object({
    amount: productAmount('amount'),
    planId: uuid('planId').optional(),
    currency: currency.optional(),
    destinationAddress: textInput('destinationAddress')
      .trim()
      .regex(WALLET_ADDRESS, 'destinationAddress must be a wallet address (0x and 40 hex digits)')
      .optional(),
    walletId: uuid('walletId').optional(),
  })
  .superRefine((b, ctx) => {
    if (b.planId) {
      for (const k of ['currency', 'destinationAddress', 'walletId'] as const)
        if (b[k] !== undefined)
          ctx.addIssue({ code: 'custom', path: [k], message: `${k} is not sent with planId (out of a plan)` });
    } else {
      if (!b.destinationAddress)
        ctx.addIssue({
          code: 'custom',
          path: ['destinationAddress'],
          message: 'Give planId (out of a plan) or destinationAddress (out of a wallet)',
        });
      if (!b.currency)
        ctx.addIssue({ code: 'custom', path: ['currency'], message: 'currency is required out of a wallet' });
    }
  });
export type ProductWithdrawalBody = z.input<typeof productWithdrawalBody>;

export const productWithdrawal = z.object({
  /** `withdraw-queue`: out of a plan; `withdrawal-out`: out of a wallet to an address. */
  route: z.enum(['withdraw-queue', 'withdrawal-out']),
  requestId: z.string(),
  customerId: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.string(),
  planId: z.string().nullable(),
  walletId: z.string().nullable(),
  destinationAddress: z.string().nullable(),
  /** Out of a wallet: the balance before and after the hold. */
  formerBalance: z.string().nullable(),
  balance: z.string().nullable(),
  createdAt: z.string(),
});

// ---- Funding requests ---------------------------------------------------------------------------

export const productFundingBody = z.object({
  amountReceived: productAmount('amountReceived'),
  currency: currency.default('BUSD'),
  receivingAddress: textInput('receivingAddress')
    .trim()
    .regex(WALLET_ADDRESS, 'receivingAddress must be a wallet address (0x and 40 hex digits)'),
  transactionHash: textInput('transactionHash')
    .trim()
    .regex(TRANSACTION_HASH, 'transactionHash must be 64 hex characters'),
});
export type ProductFundingBody = z.input<typeof productFundingBody>;

export const productFundingRequest = z.object({
  fundingRequestId: z.string(),
  customerId: z.string(),
  amountReceived: z.string(),
  currency: z.string(),
  receivingAddress: z.string(),
  transactionHash: z.string(),
  createdAt: z.string(),
});

// ---- The state of each request ---------------------------------------------------------------

export const PRODUCT_REQUEST_KINDS = ['kyc', 'plan', 'deposit', 'withdraw-queue', 'withdrawal-out', 'funding'] as const;
export const PRODUCT_REQUESTS_LIMIT = { default: 50, max: 200 } as const;

export const productRequestsQuery = z.object({
  limit: z.coerce
    .number({ message: `limit is a whole number from 1 to ${PRODUCT_REQUESTS_LIMIT.max}` })
    .int(`limit is a whole number from 1 to ${PRODUCT_REQUESTS_LIMIT.max}`)
    .min(1, `limit is a whole number from 1 to ${PRODUCT_REQUESTS_LIMIT.max}`)
    .max(PRODUCT_REQUESTS_LIMIT.max, `limit is a whole number from 1 to ${PRODUCT_REQUESTS_LIMIT.max}`)
    .default(PRODUCT_REQUESTS_LIMIT.default),
});

export const productRequestState = z.object({
  kind: z.enum(PRODUCT_REQUEST_KINDS),
  id: z.string(),
  status: z.string(),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  planId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductRequestState = z.infer<typeof productRequestState>;
export const productRequests = z.object({ customerId: z.string(), requests: z.array(productRequestState) });
