import { useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, Modal, Space, Tag } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  COMPLIANCE_MESSAGES,
  formatAmount,
  LOCKED_SAVINGS_PAGE_SIZE,
  type LockedSavingsRecord,
} from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { useLockedSavings, type LockedKind } from './api/get-locked-savings';
import { useUnlockSavingsMutation } from './api/unlock-savings';
import { usePageParam } from './use-page-param';
import { DataTable } from '../../components/data-table';
import { Typography } from '../../components/typography';
import { formatDateTime, zoned } from '../../components/date-time';

const date = (v: string | null) => formatDateTime(v, { fallback: '—' });

/** Asks for the reason (kept in the audit row) and confirms before unlocking. */
const UnlockDialog = ({
  kind,
  plan,
  onClose,
}: {
  kind: LockedKind;
  plan: LockedSavingsRecord;
  onClose: () => void;
}) => {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ comment: string }>();
  const unlock = useUnlockSavingsMutation();
  return (
    <Modal
      title={`Unlock ${plan.planName}`}
      open
      onCancel={onClose}
      okText="Unlock"
      onOk={() => form.submit()}
      okButtonProps={{ loading: unlock.isPending }}
    >
      <Typography.Paragraph>
        {plan.lockedAmount
          ? `Releases the locked ${formatAmount(plan.lockedAmount)} of this plan.`
          : 'Releases the whole plan.'}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        aria-label="Unlock savings"
        onFinish={(v) =>
          modal.confirm({
            title: 'Are you sure?',
            okText: 'Yes',
            onOk: () =>
              unlock
                .mutateAsync({
                  kind,
                  planId: plan._id,
                  lockedAmount: plan.lockedAmount,
                  lockedComment: v.comment.trim(),
                  lockVersion: plan.lockVersion,
                })
                .then(
                  () => {
                    void message.success(COMPLIANCE_MESSAGES.unlocked);
                    onClose();
                  },
                  // The specification's exact info for a non-200 unlock; the list refreshes (onSettled) to show the plan's current state.
                  () => void message.info(COMPLIANCE_MESSAGES.unlockFailed),
                ),
          })
        }
      >
        <Form.Item
          name="comment"
          label="Reason"
          rules={[{ required: true, whitespace: true, message: 'Enter a reason' }]}
        >
          <Input.TextArea aria-label="Reason" rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
};

export const LockedSavingsPage = () => {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const kind: LockedKind = pathname.endsWith('flexible') ? 'flexible' : 'fixed';
  const [page, setPage] = usePageParam();
  const { data, isFetching, error } = useLockedSavings(kind, page);
  const [unlocking, setUnlocking] = useState<LockedSavingsRecord | null>(null);
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Locked Savings
      </Typography.Title>
      <Space>
        <Button
          type={kind === 'fixed' ? 'primary' : 'default'}
          aria-pressed={kind === 'fixed'}
          onClick={() => void navigate('/compliance/locked-fixed')}
        >
          Locked Fixed Savings
        </Button>
        <Button
          type={kind === 'flexible' ? 'primary' : 'default'}
          aria-pressed={kind === 'flexible'}
          onClick={() => void navigate('/compliance/locked-flexible')}
        >
          Locked Flexible Savings
        </Button>
      </Space>
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      <DataTable<LockedSavingsRecord>
        data-testid="locked-savings-table"
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.records ?? []}
        scroll={{ x: 1400 }}
        pagination={{
          current: page,
          pageSize: LOCKED_SAVINGS_PAGE_SIZE,
          total: data?.totalRecords ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          {
            title: 'User',
            key: 'user',
            render: (_, r) => (
              <Link to={`/user-profile/${r.userId._id}`}>
                {r.userId.fullName} ({r.userId.username})
              </Link>
            ),
          },
          { title: 'Email', dataIndex: 'email' },
          { title: 'Plan', dataIndex: 'planName' },
          { title: 'Deposit', dataIndex: 'depositAmount', align: 'right', render: (v: string) => formatAmount(v) },
          ...(kind === 'flexible'
            ? [
                {
                  title: 'Locked amount',
                  dataIndex: 'lockedAmount',
                  align: 'right' as const,
                  render: (v: string | null) => (v ? formatAmount(v) : '—'),
                },
              ]
            : []),
          { title: 'Plan state', dataIndex: 'planState' },
          {
            title: 'State',
            dataIndex: 'locked',
            render: (v: boolean) => <Tag color={v ? 'red' : 'green'}>{v ? 'Locked' : 'Unlocked'}</Tag>,
          },
          {
            title: zoned('Locked'),
            key: 'locked-at',
            render: (_, r) => (
              <Flex vertical>
                <span>{date(r.lockedDate)}</span>
                <Typography.Text type="secondary">{r.lockedAdmin.email ?? ''}</Typography.Text>
              </Flex>
            ),
          },
          { title: 'Comment', dataIndex: 'lockedComment', render: (v: string | null) => v ?? '—' },
          {
            title: zoned('Unlocked'),
            key: 'unlocked-at',
            render: (_, r) => (
              <Flex vertical>
                <span>{date(r.unLockedDate)}</span>
                <Typography.Text type="secondary">{r.unLockedAdmin.email ?? ''}</Typography.Text>
              </Flex>
            ),
          },
          {
            title: 'Action',
            key: 'action',
            render: (_, r) =>
              r.locked ? (
                <Button size="small" onClick={() => setUnlocking(r)}>
                  Unlock
                </Button>
              ) : null,
          },
        ]}
      />
      {unlocking && <UnlockDialog kind={kind} plan={unlocking} onClose={() => setUnlocking(null)} />}
    </Flex>
  );
};
