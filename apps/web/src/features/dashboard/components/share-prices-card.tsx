import { Descriptions } from 'antd';
import { errorMessage } from '../../../api/client';
import { useSharePrices, type Protocol } from '../api/get-share-prices';
import { formatAmount } from '@vaultdesk/contract';
import { Card } from '../../../components/light-card';
import { Typography } from '../../../components/typography';

const SharePrice = ({ protocol, enabled }: { protocol: Protocol; enabled: boolean }) => {
  const { data, isPending, error } = useSharePrices(protocol, enabled);
  if (isPending) return <Typography.Text type="secondary">Loading</Typography.Text>;
  if (error) return <Typography.Text type="danger">{errorMessage(error)}</Typography.Text>;
  const [newest] = data;
  const oldest = data[data.length - 1];
  if (!newest || !oldest) return <Typography.Text type="secondary">No prices yet</Typography.Text>;
  // Growth over the window shown, in percent, from the exact strings (display only).
  const change = ((Number(newest.price) / Number(oldest.price) - 1) * 100).toFixed(2);
  return (
    <span>
      {formatAmount(newest.price)}{' '}
      <Typography.Text type="secondary">
        ({change}% over {data.length} readings)
      </Typography.Text>
    </span>
  );
};

export const SharePricesCard = ({ enabled }: { enabled: boolean }) => (
  <Card title="Vault share prices" data-testid="share-prices">
    <Descriptions size="small" column={1}>
      <Descriptions.Item label="xAuto">
        <SharePrice protocol="xAuto" enabled={enabled} />
      </Descriptions.Item>
      <Descriptions.Item label="Venus">
        <SharePrice protocol="venus" enabled={enabled} />
      </Descriptions.Item>
    </Descriptions>
  </Card>
);
