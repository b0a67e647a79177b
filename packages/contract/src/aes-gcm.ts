import { gcm } from '@noble/ciphers/aes.js';

/**
 * AES-GCM decryption for the browser when Web Crypto is not there: browsers offer
 * `crypto.subtle` only in secure contexts (https, or localhost), and the encrypted pictures must
 * show when the app is opened as http://<server name> too. The fallback is @noble/ciphers (an
 * audited, maintained implementation), never cipher code of our own. Decrypt only, 96-bit IVs
 * (the file store's), keys of 16, 24 or 32 bytes; the tag is checked before any plaintext is
 * returned. Web Crypto is used whenever it exists (see `decryptAesGcm`).
 */
export function aesGcmDecryptSync(key: Uint8Array, iv: Uint8Array, sealed: Uint8Array): Uint8Array {
  if (![16, 24, 32].includes(key.length)) throw new Error('AES key must be 16, 24 or 32 bytes');
  if (iv.length !== 12) throw new Error('AES-GCM: the IV must be 12 bytes');
  if (sealed.length < 16) throw new Error('AES-GCM: no room for the tag');
  try {
    return gcm(key, iv).decrypt(sealed);
  } catch {
    throw new Error('AES-GCM: the tag does not match (wrong key or altered data)');
  }
}

/** The part of Web Crypto used here (the contract is compiled without the DOM's types too). */
type Subtle = {
  importKey(
    format: 'raw',
    key: Uint8Array,
    algorithm: 'AES-GCM',
    extractable: false,
    usages: ['decrypt'],
  ): Promise<unknown>;
  decrypt(algorithm: { name: 'AES-GCM'; iv: Uint8Array }, key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
};

/** AES-GCM decryption with Web Crypto where the context offers it, else with @noble/ciphers. */
export async function decryptAesGcm(key: Uint8Array, iv: Uint8Array, sealed: Uint8Array): Promise<Uint8Array> {
  const subtle = (globalThis as { crypto?: { subtle?: Subtle } }).crypto?.subtle;
  if (!subtle) return aesGcmDecryptSync(key, iv, sealed);
  const k = await subtle.importKey('raw', key, 'AES-GCM', false, ['decrypt']);
  return new Uint8Array(await subtle.decrypt({ name: 'AES-GCM', iv }, k, sealed));
}
