import { App as AntApp, Form, Input, Modal } from 'antd';
import type { LockStatus } from '@vaultdesk/contract';
import { compareDecimal, formatAmount, lockAmountProblem } from '@vaultdesk/contract';
import { type LockForm, useLockSavings } from './use-lock-savings';
import { Typography } from '../../../../components/typography';
import type { LockSavingsPlan } from './lock-savings-action';

/**
 * The lock / unlock dialog of LockSavingsAction, loaded when first opened (its Form and Input
 * stay out of the profile's first load). Both ask "Are you sure?" before the call.
 */
export const LockSavingsDialog = ({
  userId,
  plan,
  currency,
  mode,
  onClose,
}: {
  userId: string;
  plan: LockSavingsPlan;
  currency: string;
  mode: LockStatus | null;
  onClose: () => void;
}) => {
  const { modal } = AntApp.useApp();
  const [form] = Form.useForm<LockForm>();
  const isFlexible = plan.planType === 'flexible';
  const askAmount = isFlexible && mode === 'lock';
  const { pending, send } = useLockSavings(userId, plan, onClose);

  const submit = async () => {
    if (!mode) return;
    let values: LockForm;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is missing
    }
    const lockStatus = mode;
    // Returning the promise keeps the confirm open and its button busy until the server answers.
    modal.confirm({
      title: 'Are you sure?',
      content:
        lockStatus === 'lock'
          ? isFlexible
            ? `Lock ${formatAmount(values.amount)} ${currency} of this flexible plan.`
            : 'Lock the whole fixed plan.'
          : 'Unlock this plan.',
      okText: 'Yes',
      cancelText: 'No',
      onOk: () => send(lockStatus, values),
    });
  };

  return (
    <Modal
      title={mode === 'unlock' ? 'Unlock savings' : 'Lock savings'}
      open={mode !== null}
      okText={mode === 'unlock' ? 'Unlock' : 'Lock'}
      okButtonProps={{ danger: mode === 'lock', loading: pending }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<LockForm> form={form} layout="vertical" preserve={false} requiredMark={false}>
        {askAmount && (
          <Form.Item
            name="amount"
            label="Amount"
            extra={`Deposit: ${formatAmount(plan.depositAmount)} ${currency}`}
            rules={[
              { required: true, whitespace: true, message: 'Please input the amount to lock' },
              {
                validator: async (_, value: string | undefined) => {
                  const v = value?.trim();
                  if (!v) return;
                  // The API's own wording: each message names the one thing that is wrong.
                  const problem = lockAmountProblem(v);
                  if (problem) throw new Error(problem);
                  if (compareDecimal(v.replace(/^\+/, ''), plan.depositAmount) > 0)
                    throw new Error('The amount cannot exceed the deposit');
                },
              },
            ]}
          >
            <Input inputMode="decimal" placeholder="0.0000" />
          </Form.Item>
        )}
        <Form.Item
          name="comment"
          label="Comment"
          rules={[
            { required: true, whitespace: true, message: 'Please input a comment' },
            { max: 500, message: 'At most 500 characters' },
          ]}
        >
          <Input.TextArea
            rows={3}
            placeholder={mode === 'unlock' ? 'Why the lock is lifted' : 'Why the plan is locked'}
          />
        </Form.Item>
        {mode === 'lock' && !isFlexible && (
          <Typography.Text type="secondary">The whole plan will be frozen until it is unlocked.</Typography.Text>
        )}
      </Form>
    </Modal>
  );
};
