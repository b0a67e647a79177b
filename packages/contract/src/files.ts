import { z } from 'zod';

/** CID v1 (raw, sha2-256, base32) of the stored encrypted bytes. */
export const CID_REGEX = /^bafkrei[a-z2-7]{52}$/;
export const cidParams = z.object({ cid: z.string().regex(CID_REGEX, 'Not a file address (CID)') });

/**
 * The image gateways staff may pick from (five, the first the default). The first is the app's
 * own gateway, which serves the encrypted bytes to signed-in staff only; the public IPFS gateways
 * follow and work for files pinned on the public network.
 */
export const IMAGE_GATEWAYS = [
  { key: 'vaultdesk', label: 'Vaultdesk gateway', baseUrl: '/v1' },
  { key: 'ipfs.io', label: 'ipfs.io', baseUrl: 'https://ipfs.io' },
  { key: 'cloudflare-ipfs', label: 'cloudflare-ipfs', baseUrl: 'https://cloudflare-ipfs.com' },
  { key: 'gateway.ipfs.io', label: 'gateway.ipfs.io', baseUrl: 'https://gateway.ipfs.io' },
  { key: 'pinata', label: 'pinata', baseUrl: 'https://gateway.pinata.cloud' },
] as const;
export type ImageGateway = (typeof IMAGE_GATEWAYS)[number];
export const DEFAULT_IMAGE_GATEWAY = IMAGE_GATEWAYS[0];
export const gatewayUrl = (gateway: ImageGateway, cid: string) => `${gateway.baseUrl}/ipfs/${cid}`;

/** Texts the spec gives an image's states. */
export const IMAGE_TEXTS = { missing: 'NO IMAGE', loading: 'LOADING...', failed: 'Unable to load Image' } as const;
