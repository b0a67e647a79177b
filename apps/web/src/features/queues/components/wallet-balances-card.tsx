import { Descriptions } from 'antd';
import { formatAmount, shortAddress } from '@vaultdesk/contract';
import { errorMessage } from '../../../api/client';
import { useWalletBalances } from '../api/get-wallet-balances';
import { useWalletState } from '../../../components/wallet/wallet-state';
import { Card } from '../../../components/light-card';
import { Typography } from '../../../components/typography';

/** BUSD, xBUSD, BNB and VLT of the connected wallet (else the vault operator's), read on chain by the server. */
export const WalletBalancesCard = () => {
  const { address } = useWalletState();
  const { data, error, isFetching } = useWalletBalances(address);
  return (
    <Card size="small" title="Wallet balances" loading={isFetching && !data} data-testid="wallet-balances">
      {error && <Typography.Text type="secondary">{errorMessage(error)}</Typography.Text>}
      {data && (
        <Descriptions
          size="small"
          column={5}
          items={[
            { key: 'address', label: 'Address', children: shortAddress(data.address) },
            ...(['BUSD', 'xBUSD', 'BNB', 'VLT'] as const).map((k) => ({
              key: k,
              label: k,
              children: <span data-testid={`balance-${k}`}>{formatAmount(data[k])}</span>,
            })),
          ]}
        />
      )}
    </Card>
  );
};
