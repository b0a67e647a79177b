/**
 * AES-GCM decryption (NIST SP 800-38D) in plain TypeScript, for the browser when Web Crypto is
 * not there: browsers offer `crypto.subtle` only in secure contexts (https, or localhost), and
 * the encrypted pictures must show when the app is opened as http://<server name> too. Decrypt
 * only, 96-bit IVs (the file store's), keys of 16, 24 or 32 bytes; the tag is checked before any
 * plaintext is returned. Web Crypto is used whenever it exists (see `decryptAesGcm`).
 */

const SBOX = new Uint8Array(256);
{
  // The S-box from the multiplicative inverse in GF(2^8) and the affine map (FIPS 197, 5.1.1).
  let p = 1;
  let q = 1;
  do {
    p = p ^ ((p << 1) & 0xff) ^ (p & 0x80 ? 0x1b : 0); // p * 3
    q ^= q << 1;
    q ^= q << 2;
    q ^= q << 4;
    q &= 0xff;
    if (q & 0x80) q ^= 0x09; // q / 3
    const x = q ^ ((q << 1) | (q >> 7)) ^ ((q << 2) | (q >> 6)) ^ ((q << 3) | (q >> 5)) ^ ((q << 4) | (q >> 4));
    SBOX[p] = (x ^ 0x63) & 0xff;
  } while (p !== 1);
  SBOX[0] = 0x63;
}

const xtime = (b: number) => ((b << 1) ^ (b & 0x80 ? 0x1b : 0)) & 0xff;

function expandKey(key: Uint8Array): Uint8Array {
  const nk = key.length / 4;
  if (![4, 6, 8].includes(nk)) throw new Error('AES key must be 16, 24 or 32 bytes');
  const rounds = nk + 6;
  const w = new Uint8Array(16 * (rounds + 1));
  w.set(key);
  let rcon = 1;
  for (let i = nk; i < 4 * (rounds + 1); i++) {
    let t0 = w[4 * i - 4]!, t1 = w[4 * i - 3]!, t2 = w[4 * i - 2]!, t3 = w[4 * i - 1]!;
    if (i % nk === 0) {
      [t0, t1, t2, t3] = [SBOX[t1]! ^ rcon, SBOX[t2]!, SBOX[t3]!, SBOX[t0]!];
      rcon = xtime(rcon);
    } else if (nk > 6 && i % nk === 4) {
      [t0, t1, t2, t3] = [SBOX[t0]!, SBOX[t1]!, SBOX[t2]!, SBOX[t3]!];
    }
    w[4 * i] = w[4 * (i - nk)]! ^ t0;
    w[4 * i + 1] = w[4 * (i - nk) + 1]! ^ t1;
    w[4 * i + 2] = w[4 * (i - nk) + 2]! ^ t2;
    w[4 * i + 3] = w[4 * (i - nk) + 3]! ^ t3;
  }
  return w;
}

/** Encrypts one 16-byte block in place (the forward cipher: GCM needs no other). */
function encryptBlock(w: Uint8Array, s: Uint8Array) {
  const rounds = w.length / 16 - 1;
  for (let i = 0; i < 16; i++) s[i]! ^= w[i]!;
  const t = new Uint8Array(16);
  for (let r = 1; r <= rounds; r++) {
    // SubBytes and ShiftRows: byte (row, col) comes from (row, col + row).
    for (let c = 0; c < 4; c++) for (let row = 0; row < 4; row++) t[4 * c + row] = SBOX[s[4 * ((c + row) % 4) + row]!]!;
    if (r < rounds) {
      // MixColumns.
      for (let c = 0; c < 4; c++) {
        const a0 = t[4 * c]!, a1 = t[4 * c + 1]!, a2 = t[4 * c + 2]!, a3 = t[4 * c + 3]!;
        const all = a0 ^ a1 ^ a2 ^ a3;
        s[4 * c] = a0 ^ all ^ xtime(a0 ^ a1);
        s[4 * c + 1] = a1 ^ all ^ xtime(a1 ^ a2);
        s[4 * c + 2] = a2 ^ all ^ xtime(a2 ^ a3);
        s[4 * c + 3] = a3 ^ all ^ xtime(a3 ^ a0);
      }
    } else {
      s.set(t);
    }
    for (let i = 0; i < 16; i++) s[i]! ^= w[16 * r + i]!;
  }
}

/** X · Y in GHASH's GF(2^128), on four big-endian 32-bit words each. */
function gfMul(x: Uint32Array, y: Uint32Array, out: Uint32Array) {
  let z0 = 0, z1 = 0, z2 = 0, z3 = 0;
  let v0 = y[0]!, v1 = y[1]!, v2 = y[2]!, v3 = y[3]!;
  for (let i = 0; i < 128; i++) {
    if ((x[i >>> 5]! >>> (31 - (i & 31))) & 1) { z0 ^= v0; z1 ^= v1; z2 ^= v2; z3 ^= v3; }
    const lsb = v3 & 1;
    v3 = (v3 >>> 1) | ((v2 & 1) << 31);
    v2 = (v2 >>> 1) | ((v1 & 1) << 31);
    v1 = (v1 >>> 1) | ((v0 & 1) << 31);
    v0 = v0 >>> 1;
    if (lsb) v0 ^= 0xe1000000;
  }
  out[0] = z0 >>> 0; out[1] = z1 >>> 0; out[2] = z2 >>> 0; out[3] = z3 >>> 0;
}

const words = (b: Uint8Array, at = 0) => {
  const out = new Uint32Array(4);
  for (let i = 0; i < 4; i++) out[i] = ((b[at + 4 * i] ?? 0) << 24 | (b[at + 4 * i + 1] ?? 0) << 16 | (b[at + 4 * i + 2] ?? 0) << 8 | (b[at + 4 * i + 3] ?? 0)) >>> 0;
  return out;
};

/** Plain-TypeScript AES-GCM decryption of `sealed` = ciphertext || 16-byte tag; throws when the tag does not match. */
export function aesGcmDecryptSync(key: Uint8Array, iv: Uint8Array, sealed: Uint8Array): Uint8Array {
  if (iv.length !== 12) throw new Error('AES-GCM: the IV must be 12 bytes');
  if (sealed.length < 16) throw new Error('AES-GCM: no room for the tag');
  const w = expandKey(key);
  const ct = sealed.subarray(0, sealed.length - 16);
  const tag = sealed.subarray(sealed.length - 16);

  const hBlock = new Uint8Array(16);
  encryptBlock(w, hBlock);
  const h = words(hBlock);
  // GHASH over the ciphertext (no additional data) and the lengths block.
  const y = new Uint32Array(4);
  for (let at = 0; at < ct.length; at += 16) {
    const block = words(ct.subarray(at, Math.min(at + 16, ct.length)));
    for (let i = 0; i < 4; i++) y[i] = (y[i]! ^ block[i]!) >>> 0;
    gfMul(y, h, y);
  }
  const bits = ct.length * 8;
  y[2] = (y[2]! ^ Math.floor(bits / 2 ** 32)) >>> 0;
  y[3] = (y[3]! ^ (bits >>> 0)) >>> 0;
  gfMul(y, h, y);

  const counter = new Uint8Array(16);
  counter.set(iv);
  counter[15] = 1;
  const ek = counter.slice();
  encryptBlock(w, ek);
  let diff = 0;
  for (let i = 0; i < 16; i++) diff |= (ek[i]! ^ ((y[i >>> 2]! >>> (24 - 8 * (i & 3))) & 0xff)) ^ tag[i]!;
  if (diff !== 0) throw new Error('AES-GCM: the tag does not match (wrong key or altered data)');

  const out = new Uint8Array(ct.length);
  let n = 1;
  for (let at = 0; at < ct.length; at += 16) {
    n = (n + 1) >>> 0;
    counter[12] = n >>> 24; counter[13] = (n >>> 16) & 0xff; counter[14] = (n >>> 8) & 0xff; counter[15] = n & 0xff;
    const stream = counter.slice();
    encryptBlock(w, stream);
    const end = Math.min(at + 16, ct.length);
    for (let i = at; i < end; i++) out[i] = ct[i]! ^ stream[i - at]!;
  }
  return out;
}

/** The part of Web Crypto used here (the contract is compiled without the DOM's types too). */
type Subtle = {
  importKey(format: 'raw', key: Uint8Array, algorithm: 'AES-GCM', extractable: false, usages: ['decrypt']): Promise<unknown>;
  decrypt(algorithm: { name: 'AES-GCM'; iv: Uint8Array }, key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
};

/** AES-GCM decryption with Web Crypto where the context offers it, else in plain TypeScript. */
export async function decryptAesGcm(key: Uint8Array, iv: Uint8Array, sealed: Uint8Array): Promise<Uint8Array> {
  const subtle = (globalThis as { crypto?: { subtle?: Subtle } }).crypto?.subtle;
  if (!subtle) return aesGcmDecryptSync(key, iv, sealed);
  const k = await subtle.importKey('raw', key, 'AES-GCM', false, ['decrypt']);
  return new Uint8Array(await subtle.decrypt({ name: 'AES-GCM', iv }, k, sealed));
}
