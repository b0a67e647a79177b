import { App, Button, Tag, Tooltip } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import type { SearchDetails } from '@vaultdesk/contract';
import { shortAddress } from '@vaultdesk/contract';
import { formatDateTime, zoned } from '../../../components/date-time';
import { ResolveWalletAction } from './funds/resolve-wallet-action';
import { DataTable } from '../../../components/data-table';
import { Card } from '../../../components/light-card';

type Row = SearchDetails['wallets'][number] & { address: string };

const CopyAddress = ({ address }: { address: string }) => {
  const { message } = App.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      void message.success('Address copied');
    } catch {
      void message.error('Could not complete operation');
    }
  };
  return (
    <Tooltip title={address}>
      <Button size="small" type="text" icon={<CopyOutlined />} aria-label="Copy address" onClick={() => void copy()} />
    </Tooltip>
  );
};

export const WalletsCard = ({ details }: { details: SearchDetails }) => {
  const byWallet = new Map(details.addresses.map((a) => [a.walletId, a.address]));
  const rows: Row[] = details.wallets.map((w) => ({ ...w, address: byWallet.get(w._id) ?? '' }));
  const activeWallets = rows.filter((w) => w.isActive);
  return (
    <Card title="Wallets and addresses">
      <DataTable<Row>
        size="small"
        rowKey="_id"
        pagination={false}
        dataSource={rows}
        data-testid="wallets"
        columns={[
          { title: 'Name', dataIndex: 'name' },
          { title: 'Network', dataIndex: 'network' },
          {
            title: 'Active',
            dataIndex: 'isActive',
            render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? 'Active' : 'Inactive'}</Tag>,
          },
          { title: zoned('Created'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
          {
            title: 'Address',
            dataIndex: 'address',
            render: (a: string) => (
              <span data-testid="wallet-address" data-address={a}>
                {shortAddress(a)} <CopyAddress address={a} />
              </span>
            ),
          },
          {
            title: 'Action',
            key: 'action',
            // Only active wallets count, and the oldest active one is the primary that a
            // duplicate merges into (the API answers wallets oldest first).
            render: (_: unknown, w: Row) => (
              <ResolveWalletAction
                userId={details.profile._id}
                walletId={w._id}
                walletCount={activeWallets.length}
                primary={activeWallets[0]?._id === w._id}
              />
            ),
          },
        ]}
      />
    </Card>
  );
};
