import { Tag, Tooltip } from 'antd';
import { Link } from 'react-router';
import { fakeReferrals, type ReferralReportRow } from '@vaultdesk/contract';
import { DataTable, serverPages, type DataColumns } from '../../../components/data-table';

type Props = {
  records: ReferralReportRow[];
  loading: boolean;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
};

const columns: DataColumns<ReferralReportRow> = [
  {
    title: 'Username',
    dataIndex: 'username',
    key: 'username',
    render: (v: string, r) => <Link to={`/user-profile/${r._id}`}>{v}</Link>,
  },
  { title: 'Email', dataIndex: 'email', key: 'email' },
  { title: 'Total Referred', dataIndex: 'totalReferred', key: 'totalReferred', align: 'right' },
  { title: 'Unique Device', dataIndex: 'uniqueDevice', key: 'uniqueDevice', align: 'right' },
  { title: 'Unverified', dataIndex: 'unverified', key: 'unverified', align: 'right' },
  {
    title: 'Fake',
    key: 'fake',
    align: 'right',
    render: (_, r) => {
      const fake = fakeReferrals(r.totalReferred, r.uniqueDevice);
      return fake > 0 ? (
        <Tooltip title="More referrals than devices: potential fraud">
          <Tag color="red" data-testid="fake-referrals">
            {fake}
          </Tag>
        </Tooltip>
      ) : (
        fake
      );
    },
  },
];

export const ReferralReportTable = ({ records, loading, page, pageSize, total, onPageChange }: Props) => (
  <DataTable<ReferralReportRow>
    rowKey="_id"
    size="small"
    columns={columns}
    dataSource={records}
    loading={loading}
    data-testid="referral-report"
    pagination={serverPages(page, pageSize, total, onPageChange, (n) => `${n} referrers`)}
  />
);
