import { z } from 'zod';
import { readableText, textInput, textMessages } from './text';

/**
 * Passkeys (WebAuthn) for staff: registered from the own profile, used to sign in instead of
 * password + TOTP, required per role by a Super Admin (docs/operations.md, "Passkeys").
 */

/** How long a ceremony's challenge is accepted (seconds); the browser is given the same timeout. */
export const PASSKEY_CHALLENGE_SECONDS = 120;
/** A passkey may be added within this many minutes of signing in (docs/decisions/passkeys.md). */
export const PASSKEY_RECENT_SIGN_IN_MINUTES = 10;
/** At most this many passkeys per account. */
export const PASSKEY_MAX_PER_ACCOUNT = 10;
export const PASSKEY_NAME_MAX = 60;

/** A base64url value the browser sends, with its length bounded. */
const base64url = (label: string, max: number) =>
  textInput(label)
    .max(max, textMessages.tooLong(label, max))
    .regex(/^[A-Za-z0-9_-]*$/, `${label} must be base64url`);

// Lengths: a credential id is at most 1023 bytes (WebAuthn), 1364 characters in base64url.
const credentialId = base64url('Credential id', 1400).min(1, textMessages.required('Credential id'));
const transports = z
  .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
  .max(10)
  .optional();
// Nothing the server reads: accepted and dropped, so only known, bounded keys pass.
const clientExtensionResults = z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() });
const attachment = z.enum(['platform', 'cross-platform']).optional();

/** A PublicKeyCredential as the browser library hands it over: one envelope around each ceremony's own `response`. */
const publicKeyCredential = <R extends z.ZodRawShape>(response: R) =>
  z.object({
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key'),
    authenticatorAttachment: attachment,
    clientExtensionResults,
    response: z.object(response),
  });

/** What @simplewebauthn/browser's startRegistration() answers. */
export const passkeyRegistrationResponse = publicKeyCredential({
  clientDataJSON: base64url('clientDataJSON', 4096),
  attestationObject: base64url('attestationObject', 32_768),
  authenticatorData: base64url('authenticatorData', 16_384).optional(),
  transports,
  publicKeyAlgorithm: z.number().int().optional(),
  publicKey: base64url('publicKey', 4096).optional(),
});

/** What @simplewebauthn/browser's startAuthentication() answers. */
export const passkeyAuthenticationResponse = publicKeyCredential({
  clientDataJSON: base64url('clientDataJSON', 4096),
  authenticatorData: base64url('authenticatorData', 16_384),
  signature: base64url('signature', 2048),
  userHandle: base64url('userHandle', 200).optional(),
});
export type PasskeyAuthenticationResponse = z.infer<typeof passkeyAuthenticationResponse>;

/**
 * The options handed to the browser (PublicKeyCredentialCreationOptionsJSON and
 * PublicKeyCredentialRequestOptionsJSON of WebAuthn Level 3), passed on as the library made them.
 */
export const passkeyCreationOptions = z.looseObject({
  challenge: z.string(),
  rp: z.unknown(),
  user: z.unknown(),
  pubKeyCredParams: z.unknown(),
});
export const passkeyRequestOptions = z.looseObject({ challenge: z.string() });
export type PasskeyOptions = { challenge: string } & Record<string, unknown>;

/** POST admin/passkeys: the name the staff member gives it and the browser's answer. */
export const passkeyRegisterBody = z.object({
  name: readableText('Name', { max: PASSKEY_NAME_MAX, required: 'Please give the passkey a name' }),
  response: passkeyRegistrationResponse,
});
export type PasskeyRegisterBody = z.input<typeof passkeyRegisterBody>;

export const passkeyRecord = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** singleDevice or multiDevice (synced), as the authenticator reports it. */
  deviceType: z.string(),
  backedUp: z.boolean(),
});
export type PasskeyRecord = z.infer<typeof passkeyRecord>;

export const passkeyList = z.object({
  records: z.array(passkeyRecord),
  /** The own role requires passkeys. */
  required: z.boolean(),
  /** Passkeys may be added now: the session signed in recently enough. */
  canAdd: z.boolean(),
});
export type PasskeyList = z.infer<typeof passkeyList>;

export const passkeyRegistered = z.object({
  passkey: passkeyRecord,
  /** The session was one that had to register a passkey: it has ended, sign in with the passkey. */
  signInAgain: z.boolean(),
});
export type PasskeyRegistered = z.infer<typeof passkeyRegistered>;

export const passkeyRemoved = z.object({ _id: z.string(), name: z.string() });

/** POST auth/passkey/sign-in: the browser's answer to the sign-in options. */
export const passkeySignInBody = z.object({ response: passkeyAuthenticationResponse });
export type PasskeySignInBody = z.input<typeof passkeySignInBody>;

/** PUT admin/roles/{id}/passkeys: require passkeys for the role's members, or stop requiring them. */
export const rolePasskeyBody = z.object({
  requirePasskey: z.boolean({ error: 'requirePasskey must be true or false' }),
});
export const rolePasskeyResult = z.object({ _id: z.string(), title: z.string(), requirePasskey: z.boolean() });

export const PASSKEY_MESSAGES = {
  registered: 'Passkey registered',
  removed: 'Passkey removed',
  signInAgain: 'Passkey registered. Sign in again with your passkey.',
  required: 'Your role requires signing in with a passkey',
  setupRequired: 'Your role requires a passkey: register one to continue',
  recentSignIn: `Sign in again to add a passkey: passkeys are added within ${PASSKEY_RECENT_SIGN_IN_MINUTES} minutes of signing in`,
  refused: 'This passkey could not be verified',
  cloned: 'This passkey was refused: its signature counter did not increase, as happens with a copied passkey',
  unknown: 'This passkey is not registered with Vaultdesk',
  expired: 'The passkey request has expired or was already used. Try again.',
} as const;
