import { useSearchParams } from 'react-router';
import { DEFAULT_IMAGE_GATEWAY, IMAGE_GATEWAYS } from '@vaultdesk/contract';

/** The image gateway is part of the URL (`?gateway=`), so a shared link opens with the same one; default the first. */
export const useGateway = () => {
  const [params, setParams] = useSearchParams();
  const key = params.get('gateway');
  const gateway = IMAGE_GATEWAYS.find((g) => g.key === key) ?? DEFAULT_IMAGE_GATEWAY;
  const setGateway = (next: string) => {
    const out = new URLSearchParams(params);
    if (next === DEFAULT_IMAGE_GATEWAY.key) out.delete('gateway');
    else out.set('gateway', next);
    setParams(out, { replace: true });
  };
  return { gateway, setGateway };
};
