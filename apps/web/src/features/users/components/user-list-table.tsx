import type { UserListRow } from '@vaultdesk/contract';
import { Link } from 'react-router';
import { DataTable, serverPages } from '../../../components/data-table';
import { formatDateTime, zoned } from '../../../components/date-time';

type Props = {
  testId: string;
  records: UserListRow[];
  loading: boolean;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
};

export const UserListTable = ({ testId, records, loading, page, pageSize, total, onPageChange }: Props) => (
  <DataTable<UserListRow>
    data-testid={testId}
    rowKey="_id"
    size="middle"
    loading={loading}
    dataSource={records}
    scroll={{ x: 800 }}
    pagination={serverPages(page, pageSize, total, onPageChange, (n) => `${n} users`)}
    columns={[
      {
        title: 'Username',
        dataIndex: 'username',
        render: (username: string, r) => <Link to={`/user-profile/${r._id}`}>{username}</Link>,
      },
      { title: 'Email', dataIndex: 'email' },
      { title: 'Phone No', dataIndex: 'phoneNo', render: (phone: string | null) => phone ?? '-' },
      { title: 'Referral Count', dataIndex: 'referralCount' },
      { title: zoned('Created At'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
    ]}
  />
);
