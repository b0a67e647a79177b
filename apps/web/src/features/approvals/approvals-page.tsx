import { App, Alert, Button, Empty, Flex, Popconfirm } from 'antd';
import {
  APPROVAL_KINDS,
  APPROVAL_STATUSES,
  APPROVAL_STATUS_INFO,
  approvalListQuery,
  type ApprovalRequest,
} from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { useApprovalCount } from '../../api/approval-count';
import { approvalsKeys } from '../../api/query-keys';
import { useLiveTopic } from '../../api/use-live-topic';
import { formatDateTimeInZone } from '../../components/date-time';
import { Card } from '../../components/light-card';
import { LightTabs } from '../../components/light-tabs';
import { Pager } from '../../components/pager';
import { StatusTag } from '../../components/status-tag';
import { Typography } from '../../components/typography';
import { useUrlState } from '../../components/use-url-state';
import { useApprovals } from './api/get-approvals';
import { useDecideApprovalMutation, type Decision } from './api/decide-approval';

const PAGE_SIZE = 20;
const DONE: Record<Decision, string> = {
  approve: 'Approved and carried out',
  reject: 'Request rejected',
  cancel: 'Request cancelled',
};

const Field = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <div style={{ display: 'grid', gridTemplateColumns: '160px 1fr', gap: 8 }}>
    <Typography.Text type="secondary">{label}</Typography.Text>
    <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{children}</div>
  </div>
);

const RequestCard = ({ r }: { r: ApprovalRequest }) => {
  const { message, modal } = App.useApp();
  const decide = useDecideApprovalMutation();
  const run = (decision: Decision) =>
    decide.mutateAsync({ id: r._id, decision }).then(
      (res) => {
        void message.success(DONE[decision]);
        // An admin created on approval: the one-time temporary password goes to the approver, as to a creator.
        const password = (res.data as { result?: { temporaryPassword?: unknown } } | null)?.result?.temporaryPassword;
        if (typeof password === 'string')
          modal.info({ title: 'Admin created', content: `Temporary password (shown once): ${password}` });
      },
      (err) => void message.error(errorMessage(err)),
    );
  const busy = decide.isPending;
  const confirm = (decision: Decision, label: string, description: string, danger = false) => (
    <Popconfirm
      title="Are you sure?"
      description={description}
      okText="Yes"
      cancelText="No"
      onConfirm={() => run(decision)}
      disabled={busy}
    >
      <Button
        type={decision === 'approve' ? 'primary' : 'default'}
        danger={danger}
        disabled={busy}
        loading={busy && decide.variables?.decision === decision}
      >
        {label}
      </Button>
    </Popconfirm>
  );
  const info = APPROVAL_STATUS_INFO[r.status];
  return (
    <Card
      data-testid={`approval-${r._id}`}
      title={
        <Flex gap={8} align="center" wrap>
          <StatusTag color={info.color}>{info.label}</StatusTag>
          <span>{APPROVAL_KINDS[r.kind].label}</span>
        </Flex>
      }
      extra={
        <Flex gap={8}>
          {r.canDecide && confirm('approve', 'Approve', 'It is carried out at once, in your name.')}
          {r.canDecide && confirm('reject', 'Reject', 'Nothing is carried out.', true)}
          {r.canCancel && confirm('cancel', 'Cancel request', 'The request is withdrawn; nothing is carried out.')}
        </Flex>
      }
    >
      <Flex vertical gap={6}>
        <Typography.Text strong data-testid="approval-summary">
          {r.summary}
        </Typography.Text>
        <Field label="Reason">{r.reason}</Field>
        <Field label="Asked by">
          {r.requestedBy.email}, {formatDateTimeInZone(r.createdAt)}
        </Field>
        {r.status === 'pending' ? <Field label="Expires">{formatDateTimeInZone(r.expiresAt)}</Field> : null}
        {r.amountUsd !== null ? <Field label="Amount (USD)">{r.amountUsd}</Field> : null}
        <Field label="Call">
          <code>
            {r.payload.method} {r.payload.url}
          </code>
          <pre style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap', fontSize: 12 }}>
            {JSON.stringify(r.payload.body, null, 2)}
          </pre>
        </Field>
        {Object.keys(r.snapshot).length ? (
          <Field label="When asked">
            {Object.entries(r.snapshot).map(([what, value]) => (
              <div key={what}>
                {what}: {String(value ?? 'none')}
              </div>
            ))}
          </Field>
        ) : null}
        {r.decidedBy ? (
          <Field label="Decided by">
            {r.decidedBy.email}
            {r.decidedAt ? `, ${formatDateTimeInZone(r.decidedAt)}` : ''}
          </Field>
        ) : null}
        {r.decisionComment ? <Field label="Comment">{r.decisionComment}</Field> : null}
        {r.status === 'pending' && !r.canDecide && !r.canCancel ? (
          <Typography.Text type="secondary">Expired: it can no longer be approved.</Typography.Text>
        ) : null}
        {r.canCancel ? (
          <Typography.Text type="secondary">
            You asked for this: another member of staff must approve it.
          </Typography.Text>
        ) : null}
      </Flex>
    </Card>
  );
};

const approvalsUrl = approvalListQuery.pick({ status: true, page: true });

/** Four eyes: requests held back by the approval policy, for the staff who may decide them and for those who asked. */
export const ApprovalsPage = () => {
  const [{ status, page }, setUrl] = useUrlState(approvalsUrl);
  const list = useApprovals(status, page);
  const count = useApprovalCount();
  // A request asked, decided, cancelled or expired by anyone refreshes the list and the count.
  useLiveTopic('approvals', [approvalsKeys.all]);
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Approvals
      </Typography.Title>
      <Typography.Paragraph style={{ margin: 0 }}>
        {count.data
          ? `${count.data.awaitingMe} awaiting your approval, ${count.data.mine} of yours awaiting someone else's.`
          : '\u00a0'}
      </Typography.Paragraph>
      <LightTabs
        activeKey={status}
        onChange={(key) => setUrl({ status: key }, { keep: false })}
        items={APPROVAL_STATUSES.map((s) => ({
          key: s,
          label: s === 'pending' ? 'Pending' : APPROVAL_STATUS_INFO[s].label.split(' ')[0]!,
        }))}
      />
      {list.error ? <Alert type="error" showIcon title={errorMessage(list.error)} /> : null}
      {list.data && list.data.records.length === 0 ? (
        <Empty description={status === 'pending' ? 'Nothing awaits approval' : 'No requests'} />
      ) : null}
      <Flex vertical gap={12} data-testid="approval-list" aria-busy={list.isFetching || undefined}>
        {list.data?.records.map((r) => (
          <RequestCard key={r._id} r={r} />
        ))}
      </Flex>
      {list.data && list.data.totalRecords > PAGE_SIZE ? (
        <Pager
          current={page}
          pageSize={PAGE_SIZE}
          total={list.data.totalRecords}
          onChange={(p) => setUrl({ status, page: p }, { keep: false })}
        />
      ) : null}
    </Flex>
  );
};
