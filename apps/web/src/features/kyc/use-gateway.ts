import { z } from 'zod';
import { DEFAULT_IMAGE_GATEWAY, IMAGE_GATEWAYS } from '@vaultdesk/contract';
import { useUrlState } from '../../components/use-url-state';

const gatewayUrl = z.object({
  gateway: z
    .string()
    .refine((key) => IMAGE_GATEWAYS.some((g) => g.key === key))
    .default(DEFAULT_IMAGE_GATEWAY.key),
});
const GATEWAY_DEFAULT = { gateway: DEFAULT_IMAGE_GATEWAY.key };

/** The image gateway is part of the URL (`?gateway=`), so a shared link opens with the same one; default the first. */
export const useGateway = () => {
  const [url, setUrl] = useUrlState(gatewayUrl, { replace: true, omit: GATEWAY_DEFAULT });
  const gateway = IMAGE_GATEWAYS.find((g) => g.key === url.gateway) ?? DEFAULT_IMAGE_GATEWAY;
  const setGateway = (next: string) => setUrl({ gateway: next });
  /** The gateway carried to a linked KYC page (`?gateway=`), nothing for the default. */
  const gatewayQuery = gateway.key === DEFAULT_IMAGE_GATEWAY.key ? '' : `?gateway=${gateway.key}`;
  return { gateway, setGateway, gatewayQuery };
};
