import { App, Form, Input, Modal } from 'antd';
import { RESOLVE_PLAN_DONE, TX_HASH, type PlanBatch } from '@vaultdesk/contract';
import { errorMessage } from '../../../api/client';
import { useResolvePlan } from '../api/resolve-plan';
import { Typography } from '../../../components/typography';
import { formatDateTime, timeZoneName } from '../../../components/date-time';

type Props = { planId: string; batch: PlanBatch | null; onClose: () => void };

/** Asks the hash of the transaction that carried the plan, confirms, then resolves the plan's part. */
export const ResolvePlanModal = ({ planId, batch, onClose }: Props) => {
  const [form] = Form.useForm<{ hash: string }>();
  const { message, modal } = App.useApp();
  const resolve = useResolvePlan();

  const submit = async () => {
    if (!batch) return;
    const { hash } = await form.validateFields();
    modal.confirm({
      title: 'Are you sure?',
      content: `Resolve this plan's part in the ${batch.action} batch with ${hash.trim()}`,
      okText: 'Yes',
      cancelText: 'No',
      onOk: async () => {
        try {
          await resolve.mutateAsync({ batchId: batch._id, planId, hash: hash.trim() });
          message.success(RESOLVE_PLAN_DONE);
          form.resetFields();
          onClose();
        } catch (error) {
          message.error(errorMessage(error));
        }
      },
    });
  };

  return (
    <Modal
      open={batch !== null}
      title="Resolve plan"
      okText="Resolve"
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      confirmLoading={resolve.isPending}
      destroyOnHidden
    >
      {batch && (
        <Typography.Paragraph type="secondary">
          {batch.action} batch of {formatDateTime(batch.createdAt)} ({timeZoneName()})
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="hash"
          label="Transaction hash"
          initialValue={batch?.transactionHash ?? ''}
          rules={[
            { required: true, message: 'Enter the transaction hash' },
            {
              pattern: TX_HASH,
              message: 'Enter a transaction hash: 0x followed by 64 hex digits',
              transform: (v: string) => v?.trim(),
            },
          ]}
        >
          <Input placeholder="0x…" autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
};
