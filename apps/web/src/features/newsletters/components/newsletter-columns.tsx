import { Button, Space, Tag, Tooltip } from 'antd';
import { NEWSLETTER_MACHINE, newsletterActions, type Newsletter, type NewsletterAction } from '@vaultdesk/contract';
import { type DataColumns } from '../../../components/data-table';
import { StateTag } from '../../../components/status-tag';
import { formatDateTime, zoned } from '../../../components/date-time';

export const ACTION_LABELS: Record<NewsletterAction, string> = {
  edit: 'Edit',
  test: 'Send Test',
  submit: 'Send Approval',
  approve: 'Approve',
  pause: 'Pause',
  resume: 'Resume',
  terminate: 'Terminate',
  delete: 'Delete',
};

/** The newsletters table's columns; the last offers the actions `permissions` and the delivery status allow. */
export const newsletterColumns = (
  permissions: readonly string[],
  act: (action: NewsletterAction, n: Newsletter) => void,
): DataColumns<Newsletter> => [
  { title: 'Subject', dataIndex: 'subject' },
  { title: 'Mail List', dataIndex: 'maillist' },
  {
    title: zoned('Delivery'),
    render: (_, n) =>
      n.deliveryType === 'scheduled' && n.deliveryDate ? `scheduled ${formatDateTime(n.deliveryDate)}` : n.deliveryType,
  },
  {
    title: 'Status',
    render: (_, n) => {
      return (
        <Space size={4}>
          <StateTag machine={NEWSLETTER_MACHINE} state={n.deliveryStatus} data-testid="delivery-status" />
          {n.isPublished ? <Tag color="blue">approved</Tag> : null}
        </Space>
      );
    },
  },
  {
    title: 'Sent',
    render: (_, n) => (
      <span data-testid="sent-count">
        {n.totalSent}
        {n.totalRecipients !== null ? ` / ${n.totalRecipients}` : ''}
      </span>
    ),
  },
  { title: 'Failed', dataIndex: 'totalFailed' },
  {
    title: (
      <Tooltip title="Handed to the mail server when the sender stopped unexpectedly, before its answer was recorded: maybe delivered, never sent again (no one gets a newsletter twice)">
        In doubt
      </Tooltip>
    ),
    render: (_, n) => <span data-testid="in-doubt-count">{n.totalInDoubt}</span>,
  },
  { title: 'Creator', dataIndex: 'creatorEmail' },
  { title: zoned('Created'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
  {
    title: 'Actions',
    render: (_, n) => (
      <Space wrap size={4}>
        {newsletterActions(n, permissions).map((a) => (
          <Button key={a} size="small" danger={a === 'terminate' || a === 'delete'} onClick={() => act(a, n)}>
            {ACTION_LABELS[a]}
          </Button>
        ))}
      </Space>
    ),
  },
];
