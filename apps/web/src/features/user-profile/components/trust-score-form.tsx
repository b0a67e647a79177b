import { useEffect } from 'react';
import { App, Form, InputNumber, Modal } from 'antd';
import { TRUST_SCORE_MAX, TRUST_SCORE_MIN } from '@vaultdesk/contract';
import { useUpdateTrustScore } from '../api/update-trust-score';
import { showActionError } from './action-errors';

/** The trust score dialog (its form loads with it, not with the profile). */
export const TrustScoreForm = ({ userId, score, open, onClose }: { userId: string; score: number; open: boolean; onClose: () => void }) => {
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
      <Form form={form} layout="vertical" preserve={false} initialValues={{ trustScore: score }} onFinish={() => void submit()}>
        <Form.Item
          name="trustScore"
          label="Trust score (%)"
          rules={[
            { required: true, message: 'Enter a trust score' },
            { type: 'integer', min: TRUST_SCORE_MIN, max: TRUST_SCORE_MAX, message: `Enter a whole number from ${TRUST_SCORE_MIN} to ${TRUST_SCORE_MAX}` },
          ]}
        >
          <InputNumber min={TRUST_SCORE_MIN} max={TRUST_SCORE_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
