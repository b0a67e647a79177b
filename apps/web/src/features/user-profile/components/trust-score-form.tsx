import { useEffect } from 'react';
import { App, Form, InputNumber, Modal } from 'antd';
import { TRUST_SCORE_MAX, TRUST_SCORE_MIN } from '@vaultdesk/contract';
import { useUpdateTrustScore } from '../api/update-trust-score';
import { showActionError } from './action-errors';

/** The trust score dialog (its form loads with it, not with the profile). */
export const TrustScoreForm = ({
  userId,
  score,
  open,
  onClose,
}: {
  userId: string;
  score: number;
  open: boolean;
  onClose: () => void;
}) => {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ trustScore: number }>();
  const mutation = useUpdateTrustScore(userId);
  useEffect(() => {
    if (open) form.setFieldsValue({ trustScore: score });
  }, [open, score, form]);

  const submit = async () => {
    const { trustScore } = await form.validateFields();
    mutation.mutate(trustScore, {
      onSuccess: (res) => {
        void message.success(res.message || 'trust score updated successfully');
        onClose();
      },
      onError: (error) => showActionError(message, error),
    });
  };

  return (
    <Modal
      title="Update trust score"
      open={open}
      okText="Update"
      onOk={() => void submit()}
      confirmLoading={mutation.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {/* onFinish: Enter in the field saves, as the Update button does. */}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ trustScore: score }}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="trustScore"
          label="Trust score (%)"
          rules={[
            { required: true, message: 'Enter a trust score' },
            {
              validator: async (_, value: number | null | undefined) => {
                if (value === null || value === undefined) return;
                if (!Number.isInteger(value))
                  throw new Error(
                    `The trust score must be a whole number between ${TRUST_SCORE_MIN} and ${TRUST_SCORE_MAX}`,
                  );
                if (value < TRUST_SCORE_MIN || value > TRUST_SCORE_MAX)
                  throw new Error(`The trust score must be between ${TRUST_SCORE_MIN} and ${TRUST_SCORE_MAX}`);
              },
            },
          ]}
        >
          {/* No min, max or precision: the field would quietly turn 0 into 1 and 101 into 100 on
              blur, and 50.5 into 51; a value outside the bounds is refused with a message instead. */}
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
