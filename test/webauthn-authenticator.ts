import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software passkey for tests: an ES256 key pair made with node:crypto, answering WebAuthn
 * ceremonies the way a browser with a platform authenticator does (attestation `none`, user
 * present and verified), as the JSON @simplewebauthn/browser sends. `counter` is the signature
 * counter the next assertion reports; set it back to play a copied credential.
 */
export class SoftPasskey {
  readonly credentialId = randomBytes(32).toString('base64url');
  counter = 0;
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  /** The user handle it was created for (the server's user.id), returned with each assertion. */
  userHandle?: string;

  constructor(
    readonly origin: string,
    readonly rpId = new URL(origin).hostname,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x!, y: jwk.y! };
  }

  /** Answers PublicKeyCredentialCreationOptionsJSON (what the server's options call gave). */
  register(options: { challenge: string; user?: { id?: unknown } }, over: { origin?: string; type?: string } = {}) {
    this.userHandle = typeof options.user?.id === 'string' ? options.user.id : undefined;
    const clientDataJSON = this.clientData(over.type ?? 'webauthn.create', options.challenge, over.origin);
    const cose = cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(this.publicJwk.x, 'base64url')],
        [-3, Buffer.from(this.publicJwk.y, 'base64url')],
      ]),
    );
    const id = Buffer.from(this.credentialId, 'base64url');
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    // Flags: user present, user verified, attested credential data included.
    const authData = Buffer.concat([this.authDataHead(0x01 | 0x04 | 0x40), Buffer.alloc(16), idLength, id, cose]);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return this.credential({
      clientDataJSON: clientDataJSON.toString('base64url'),
      attestationObject: attestationObject.toString('base64url'),
      transports: ['internal' as const],
    });
  }

  /** Answers PublicKeyCredentialRequestOptionsJSON with the next counter value (counter + 1 unless told). */
  assert(options: { challenge: string }, over: { origin?: string; counter?: number; userVerified?: boolean } = {}) {
    this.counter = over.counter ?? this.counter + 1;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, over.origin);
    const authData = this.authDataHead(0x01 | (over.userVerified === false ? 0 : 0x04));
    const signature = sign(
      'sha256',
      Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]),
      this.privateKey,
    );
    return this.credential({
      clientDataJSON: clientDataJSON.toString('base64url'),
      authenticatorData: authData.toString('base64url'),
      signature: signature.toString('base64url'),
      ...(this.userHandle ? { userHandle: this.userHandle } : {}),
    });
  }

  /** The PublicKeyCredential JSON both ceremonies answer with, around the ceremony's own `response`. */
  private credential<R extends object>(response: R) {
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      response,
    };
  }

  private clientData(type: string, challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private authDataHead(flags: number) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([createHash('sha256').update(this.rpId).digest(), Buffer.from([flags]), count]);
  }
}

/** The CBOR a WebAuthn authenticator writes: integers, byte and text strings, maps (RFC 8949). */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65536) {
      const b = Buffer.alloc(3);
      b[0] = (major << 5) | 25;
      b.writeUInt16BE(n, 1);
      return b;
    }
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') {
    const b = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, b.length), b]);
  }
  if (value instanceof Map)
    return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  throw new Error(`cbor: cannot encode ${typeof value}`);
}
