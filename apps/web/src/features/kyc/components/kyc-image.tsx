import { Typography } from 'antd';

/** Until the encrypted file store lands: the gateways and an image that reports it has nothing to show. */
export const KYC_IMAGE_GATEWAYS = [
  { key: 'vaultdesk', label: 'Vaultdesk gateway', baseUrl: '/v1' },
  { key: 'ipfs.io', label: 'ipfs.io', baseUrl: 'https://ipfs.io' },
  { key: 'cloudflare-ipfs', label: 'cloudflare-ipfs', baseUrl: 'https://cloudflare-ipfs.com' },
  { key: 'gateway.ipfs.io', label: 'gateway.ipfs.io', baseUrl: 'https://gateway.ipfs.io' },
  { key: 'pinata', label: 'pinata', baseUrl: 'https://gateway.pinata.cloud' },
] as const;
export type KycGateway = (typeof KYC_IMAGE_GATEWAYS)[number];

export const KycImage = ({ cid, alt }: { cid: string | null; encryptKey: string | null; gateway: KycGateway; alt: string }) => (
  <Typography.Text type="secondary" aria-label={alt}>{cid ? 'LOADING...' : 'NO IMAGE'}</Typography.Text>
);
