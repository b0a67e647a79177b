import { Select } from 'antd';
import { KYC_IMAGE_GATEWAYS, type KycGateway } from './kyc-image';

export const GatewaySelect = ({ gateway, onChange }: { gateway: KycGateway; onChange: (key: string) => void }) => (
  <Select
    aria-label="Image gateway"
    data-testid="gateway-select"
    style={{ width: 200 }}
    value={gateway.key}
    onChange={onChange}
    options={KYC_IMAGE_GATEWAYS.map((g) => ({ value: g.key, label: g.label }))}
  />
);
