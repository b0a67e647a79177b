import { PRODUCT, type SearchDetails, formatAmount, sumAmounts } from '@vaultdesk/contract';
import { RemitFundsAction } from './funds/remit-funds-action';
import { DataTable } from '../../../components/data-table';
import { Card } from '../../../components/light-card';

type Row = SearchDetails['balances'][number];

export const BalancesCard = ({
  details,
  loading,
  showRemit,
}: {
  details: SearchDetails;
  loading: boolean;
  showRemit: boolean;
}) => {
  const balances = details.balances;
  const amount = (key: keyof Row) => ({
    render: (_: unknown, row: Row) => formatAmount(row[key]),
    align: 'right' as const,
  });
  return (
    <Card
      title="Balances"
      extra={
        showRemit ? (
          <RemitFundsAction
            userId={details.profile._id}
            busdSum={sumAmounts(balances.map((b) => b.busd))}
            vltSum={sumAmounts(balances.map((b) => b.vlt))}
            loading={loading}
          />
        ) : null
      }
    >
      <DataTable<Row>
        size="small"
        rowKey="walletId"
        pagination={false}
        dataSource={balances}
        data-testid="balances"
        columns={[
          { title: 'Wallet', dataIndex: 'name' },
          { title: 'BUSD', key: 'busd', ...amount('busd') },
          { title: PRODUCT.symbol, key: 'vlt', ...amount('vlt') },
          { title: 'BNB', key: 'bnb', ...amount('bnb') },
          { title: 'xBUSD', key: 'xbusd', ...amount('xbusd') },
        ]}
      />
    </Card>
  );
};
