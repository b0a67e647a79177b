import { Flex } from 'antd';
import { Link } from 'react-router';
import type { KycRecord } from '@vaultdesk/contract';
import { type DataColumns } from '../../../components/data-table';
import { Typography } from '../../../components/typography';
import { formatCalendarDate, formatDateTime, zoned } from '../../../components/date-time';
import { KycStatusTag } from './kyc-status-tag';

const fullName = (r: KycRecord) => [r.firstName, r.middleName, r.lastName].filter(Boolean).join(' ');

/** The Users KYC table's columns; each links to the customer's case (with the page's gateway). */
export const kycColumns = (gatewayQuery: string): DataColumns<KycRecord> => [
  {
    title: 'User',
    key: 'user',
    render: (_, r) => (
      <Flex vertical>
        <Link to={`/manage-kyc/${r.userId._id}${gatewayQuery}`}>{r.userId.username}</Link>
        <Typography.Text type="secondary">{r.userId.email}</Typography.Text>
      </Flex>
    ),
  },
  {
    title: 'Level 1',
    key: 'level1',
    render: (_, r) => (
      <Flex vertical>
        <span>{fullName(r)}</span>
        <span>
          {r.phoneNumber ?? '—'} · {formatCalendarDate(r.dateOfBirth, { fallback: '—' })} · {r.countryCode ?? '—'}
        </span>
        <span>
          {r.idcardType ?? '—'} {r.idcardNumber ?? ''}
        </span>
      </Flex>
    ),
  },
  {
    title: 'Level 2',
    key: 'level2',
    render: (_, r) => (
      <Flex vertical gap={4} align="start">
        <KycStatusTag status={r.levelTwoStatus} />
        {r.claimedBy && <Typography.Text type="secondary">Held by {r.claimedBy}</Typography.Text>}
        {r.levelTwoRejectionReason && <Typography.Text type="secondary">{r.levelTwoRejectionReason}</Typography.Text>}
      </Flex>
    ),
  },
  {
    title: 'Level 3',
    key: 'level3',
    render: (_, r) => (r.levelThreeStatus ? <KycStatusTag status={r.levelThreeStatus} /> : '—'),
  },
  { title: zoned('Submitted'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
  {
    title: 'Action',
    key: 'action',
    render: (_, r) => <Link to={`/manage-kyc/${r.userId._id}${gatewayQuery}`}>Manage KYC</Link>,
  },
];
