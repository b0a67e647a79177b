import { Alert, Flex, Statistic, Tag } from 'antd';
import dayjs from 'dayjs';
import { fakeReferrals, REFERRAL_PAGE_SIZE } from '@vaultdesk/contract';
import { useReferralInfo } from '../api/get-referral-info';
import { useReferredUsers, type ReferralRange } from '../api/get-referred-users';
import { formatDateTime, zoned } from '../../../components/date-time';
import { DataTable } from '../../../components/data-table';
import { LazyRangePicker } from '../../../components/lazy-date-picker';
import { Card } from '../../../components/light-card';

const FORMAT = 'YYYY/MM/DD';
type Props = {
  userId: string;
  username: string;
  start: string;
  end: string;
  page: number;
  onChange: (changes: { refStart?: string; refEnd?: string; refPage?: number }) => void;
};

export const ReferralsCard = ({ userId, username, start, end, page, onChange }: Props) => {
  const range: ReferralRange = { username, start, end };
  const info = useReferralInfo(userId, range);
  const list = useReferredUsers(userId, range, page);
  const fake = info.data ? fakeReferrals(info.data.totalReferrals, info.data.numOfUniqueDeviceIds) : 0;

  return (
    <Card
      title="Referrals"
      extra={
        <LazyRangePicker
          aria-label="Referral date range"
          allowClear={false}
          format={FORMAT}
          value={[dayjs(start, FORMAT), dayjs(end, FORMAT)]}
          // End not after today; the picker keeps start not after end.
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          onChange={(v) => {
            if (v?.[0] && v[1]) onChange({ refStart: v[0].format(FORMAT), refEnd: v[1].format(FORMAT), refPage: 1 });
          }}
        />
      }
    >
      <Flex gap={32} wrap style={{ marginBottom: 16 }} data-testid="referral-info">
        <Statistic title="Total referrals" value={info.data?.totalReferrals ?? '-'} loading={info.isLoading} />
        <Statistic title="Unverified" value={info.data?.unverified ?? '-'} loading={info.isLoading} />
        <Statistic title="Unique devices" value={info.data?.numOfUniqueDeviceIds ?? '-'} loading={info.isLoading} />
        <Statistic title="Fake referrals" value={info.data ? fake : '-'} loading={info.isLoading} />
      </Flex>
      {fake > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="fake-referral-warning"
          style={{ marginBottom: 16 }}
          title={`Potential fraud: ${fake} referral${fake === 1 ? '' : 's'} came from a device already used by another referral.`}
        />
      )}
      <DataTable
        size="small"
        rowKey={(r) => r.userIdUsedRef._id}
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        data-testid="referrals"
        pagination={{
          current: list.data?.currentPage ?? page,
          pageSize: REFERRAL_PAGE_SIZE,
          total: list.data?.totalRecords ?? 0,
          showSizeChanger: false,
          onChange: (p) => onChange({ refPage: p }),
        }}
        columns={[
          { title: 'Username', key: 'username', render: (_: unknown, r) => r.userIdUsedRef.username },
          { title: 'Email', key: 'email', render: (_: unknown, r) => r.userIdUsedRef.email },
          {
            title: 'Device serial',
            key: 'device',
            render: (_: unknown, r) => r.userIdUsedRef.deviceSerialNumber ?? '-',
          },
          {
            title: 'State',
            dataIndex: 'refferalState',
            render: (s: string) => <Tag color={s === 'pending' ? 'default' : 'green'}>{s}</Tag>,
          },
          { title: zoned('Date'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
        ]}
      />
    </Card>
  );
};
