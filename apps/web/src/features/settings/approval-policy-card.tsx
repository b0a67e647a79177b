import { useState } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Switch } from 'antd';
import { APPROVAL_COOLING_OFF_MAX_DAYS, type ApprovalPolicy } from '@vaultdesk/contract';
import { errorMessage, isApprovalRequested } from '../../api/client';
import { Card } from '../../components/light-card';
import { ApprovalPolicySummary } from './approval-policy-summary';
import { useApprovalPolicy, useUpdateApprovalPolicyMutation } from './api/approval-policy';

type PolicyForm = {
  remitFunds: string;
  withdrawalOut: string;
  settings: boolean;
  admins: boolean;
  blacklist: boolean;
  expiryHours: number;
  coolingOffDays: number;
};
const AMOUNT = /^\d{1,20}(\.\d{1,18})?$/;

const toForm = (p: ApprovalPolicy): PolicyForm => ({
  remitFunds: p.remitFunds.thresholdUsd ?? '',
  withdrawalOut: p.withdrawalOut.thresholdUsd ?? '',
  settings: p.settings.required,
  admins: p.admins.required,
  blacklist: p.blacklist.required,
  expiryHours: p.expiryHours,
  coolingOffDays: p.coolingOffDays,
});
const fromForm = (v: PolicyForm): ApprovalPolicy => ({
  remitFunds: { thresholdUsd: v.remitFunds.trim() || null },
  withdrawalOut: { thresholdUsd: v.withdrawalOut.trim() || null },
  settings: { required: v.settings },
  admins: { required: v.admins },
  blacklist: { required: v.blacklist },
  expiryHours: v.expiryHours,
  coolingOffDays: v.coolingOffDays,
});

/** Four eyes: the approval policy, part of the internal settings and versioned like them. */
export const ApprovalPolicyCard = () => {
  const current = useApprovalPolicy();
  const update = useUpdateApprovalPolicyMutation();
  const { message, modal } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<PolicyForm>();
  const p = current.data?.policy;
  const submit = (v: PolicyForm) =>
    modal.confirm({
      title: 'Are you sure?',
      onOk: () =>
        update.mutateAsync(fromForm(v)).then(
          () => {
            void message.success('Approval policy updated');
            setOpen(false);
          },
          (err) => {
            if (!isApprovalRequested(err)) return void message.error(errorMessage(err));
            setOpen(false);
          },
        ),
    });
  const amountRule = { pattern: AMOUNT, message: 'An amount in USD, or empty for never' };
  return (
    <Card
      title="Approval policy (four eyes)"
      loading={current.isLoading}
      extra={
        <Button onClick={() => setOpen(true)} disabled={!p}>
          Change policy
        </Button>
      }
      data-testid="approval-policy"
    >
      {p ? (
        <ApprovalPolicySummary p={p} updatedAt={current.data!.updatedAt} updatedBy={current.data!.updatedBy} />
      ) : null}
      <Modal
        title="Change the approval policy"
        open={open}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText="Save"
        confirmLoading={update.isPending}
        destroyOnHidden
      >
        <Form<PolicyForm>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={p ? toForm(p) : undefined}
          onFinish={submit}
        >
          <Form.Item
            name="remitFunds"
            label="Remit Funds: a second approval above (USD; empty = never, 0 = always)"
            rules={[amountRule]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item
            name="withdrawalOut"
            label="Withdrawal Out process, payout and cancel: above (USD; empty = never, 0 = always)"
            rules={[amountRule]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item
            name="settings"
            label="Internal Settings changes (this policy included) always need a second approval"
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Form.Item name="admins" label="Role and admin changes always need a second approval" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="blacklist"
            label="Blacklist and unlock always need a second approval"
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Form.Item
            name="expiryHours"
            label="Requests expire after (hours)"
            rules={[{ required: true, message: 'Give the hours' }]}
          >
            <InputNumber min={1} max={168} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="coolingOffDays"
            label="Cooling-off (days): an admin may not approve for whoever created or changed their account or role within it"
            rules={[{ required: true, message: 'Give the days' }]}
          >
            <InputNumber min={0} max={APPROVAL_COOLING_OFF_MAX_DAYS} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
};
