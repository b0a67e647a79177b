import { useQuery } from '@tanstack/react-query';
import { decryptAesGcm, DEFAULT_IMAGE_GATEWAY, gatewayUrl, IMAGE_TEXTS, type ImageGateway } from '@vaultdesk/contract';
import { fetchBytes } from '../api/client';
import { useObjectUrl } from './use-object-url';
import { encryptedFileKey } from '../api/query-keys';

const IV_BYTES = 12;

const hexToBytes = (hex: string) => {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
};

/**
 * Stored bytes are iv || ciphertext || tag. Web Crypto decrypts them where the page is a secure
 * context (https, localhost); opened as http://<server name> the browser has no Web Crypto and
 * the contract's TypeScript AES-GCM does it.
 */
async function decryptFile(stored: ArrayBuffer, keyHex: string): Promise<Uint8Array<ArrayBuffer>> {
  if (!/^[0-9a-f]{64}$/i.test(keyHex)) throw new Error('Not a file key');
  const bytes = new Uint8Array(stored);
  const plain = await decryptAesGcm(hexToBytes(keyHex), bytes.slice(0, IV_BYTES), bytes.slice(IV_BYTES));
  return new Uint8Array(plain);
}

export type EncryptedImageProps = {
  cid: string | null | undefined;
  encryptKey: string | null | undefined;
  gateway?: ImageGateway;
  alt: string;
  width?: number | string;
  height?: number | string;
  contentType?: string;
};

/**
 * A picture from the encrypted file store: fetched from the chosen gateway, decrypted in the
 * browser with the key from its record, shown as 'NO IMAGE', 'LOADING...' or the image (whose
 * alt text reads 'Unable to load Image' when it cannot be fetched or decrypted).
 */
export function EncryptedImage({
  cid,
  encryptKey,
  gateway = DEFAULT_IMAGE_GATEWAY,
  alt,
  width = 200,
  height,
  contentType = 'image/jpeg',
}: EncryptedImageProps) {
  const query = useQuery({
    queryKey: encryptedFileKey(gateway.key, cid, encryptKey),
    queryFn: async ({ signal }) =>
      new Blob([await decryptFile(await fetchBytes(gatewayUrl(gateway, cid!), signal), encryptKey!)], {
        type: contentType,
      }),
    enabled: !!cid && !!encryptKey,
    staleTime: Infinity,
    retry: false,
  });
  const src = useObjectUrl(query.data);

  const box = {
    width,
    height,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: '#fafafa',
    border: '1px solid #f0f0f0',
  } as const;
  if (!cid || !encryptKey) return <span style={box}>{IMAGE_TEXTS.missing}</span>;
  if (query.isPending)
    return (
      <span style={box} aria-busy="true">
        {IMAGE_TEXTS.loading}
      </span>
    );
  // A failed fetch or decryption shows the spec's alt text in place of the picture.
  if (query.isError || !src)
    return <img alt={IMAGE_TEXTS.failed} title={alt} style={{ ...box, objectFit: 'contain' }} />;
  return <img src={src} alt={alt} width={width} height={height} style={{ objectFit: 'contain' }} />;
}
