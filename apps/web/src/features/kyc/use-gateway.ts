import { useSearchParams } from 'react-router';
import { KYC_IMAGE_GATEWAYS } from './components/kyc-image';

/** The image gateway is part of the URL (`?gateway=`), so a shared link opens with the same one; default the first. */
export const useGateway = () => {
  const [params, setParams] = useSearchParams();
  const key = params.get('gateway');
  const gateway = KYC_IMAGE_GATEWAYS.find((g) => g.key === key) ?? KYC_IMAGE_GATEWAYS[0];
  const setGateway = (next: string) => {
    const out = new URLSearchParams(params);
    if (next === KYC_IMAGE_GATEWAYS[0].key) out.delete('gateway');
    else out.set('gateway', next);
    setParams(out, { replace: true });
  };
  return { gateway, setGateway };
};
