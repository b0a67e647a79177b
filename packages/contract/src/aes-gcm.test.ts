import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aesGcmDecryptSync } from './aes-gcm';

/** What the file store writes: AES-GCM with a random 12-byte IV, the tag after the ciphertext. */
const seal = (key: Buffer, iv: Buffer, plain: Buffer) => {
  const cipher = createCipheriv(`aes-${key.length * 8}-gcm` as 'aes-256-gcm', key, iv);
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
};

describe('AES-GCM decryption without Web Crypto (the pictures over plain HTTP by name)', () => {
  it("gives back what Node's AES-GCM sealed, for every key size and lengths around the block size", () => {
    for (const keyBytes of [16, 24, 32]) {
      for (const length of [0, 1, 15, 16, 17, 31, 32, 33, 100, 1000, 4097]) {
        const key = randomBytes(keyBytes);
        const iv = randomBytes(12);
        const plain = randomBytes(length);
        expect(
          Buffer.from(aesGcmDecryptSync(key, iv, seal(key, iv, plain))).equals(plain),
          `${keyBytes}-byte key, ${length} bytes`,
        ).toBe(true);
      }
    }
  });

  it('the NIST test vector (SP 800-38D test case 15, AES-256, no additional data)', () => {
    const key = Buffer.from('feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308', 'hex');
    const iv = Buffer.from('cafebabefacedbaddecaf888', 'hex');
    const plain = Buffer.from(
      'd9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255',
      'hex',
    );
    const sealed = Buffer.from(
      '522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad' +
        'b094dac5d93471bdec1a502270e3cc6c',
      'hex',
    );
    expect(Buffer.from(aesGcmDecryptSync(key, iv, sealed)).toString('hex')).toBe(plain.toString('hex'));
  });

  it('refuses a wrong key, an altered byte, an altered tag and a short input', () => {
    const key = randomBytes(32);
    const iv = randomBytes(12);
    const sealed = seal(key, iv, randomBytes(300));
    expect(() => aesGcmDecryptSync(randomBytes(32), iv, sealed)).toThrow(/tag does not match/);
    for (const at of [0, 150, sealed.length - 17, sealed.length - 1]) {
      const altered = Buffer.from(sealed);
      altered[at]! ^= 1;
      expect(() => aesGcmDecryptSync(key, iv, altered), `byte ${at}`).toThrow(/tag does not match/);
    }
    expect(() => aesGcmDecryptSync(key, randomBytes(16), sealed)).toThrow(/IV must be 12 bytes/);
    expect(() => aesGcmDecryptSync(key, iv, sealed.subarray(0, 10))).toThrow(/no room for the tag/);
  });

  // Its speed (200 KB within a second) is measured by bench/aes-gcm.ts, not here.
  it('a picture-sized file (200 KB) comes back byte for byte', () => {
    const key = randomBytes(32);
    const iv = randomBytes(12);
    const plain = randomBytes(200_000);
    const out = aesGcmDecryptSync(key, iv, seal(key, iv, plain));
    expect(Buffer.from(out).equals(plain)).toBe(true);
  });
});
