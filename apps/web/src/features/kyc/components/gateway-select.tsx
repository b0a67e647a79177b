import { IMAGE_GATEWAYS, type ImageGateway } from '@vaultdesk/contract';
import { Select } from '../../../components/lazy-select';

export const GatewaySelect = ({ gateway, onChange }: { gateway: ImageGateway; onChange: (key: string) => void }) => (
  <Select
    aria-label="Image gateway"
    data-testid="gateway-select"
    style={{ width: 200 }}
    // Five options need no virtual list; without it every option is exposed to assistive technology.
    virtual={false}
    value={gateway.key}
    onChange={onChange}
    options={IMAGE_GATEWAYS.map((g) => ({ value: g.key, label: g.label }))}
  />
);
