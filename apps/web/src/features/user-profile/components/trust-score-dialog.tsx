import { useState } from 'react';
import { App, Button, Form, InputNumber, Modal, Tag } from 'antd';
import { TRUST_SCORE_MAX, TRUST_SCORE_MIN, trustScoreBand } from '@vaultdesk/contract';
import { useUpdateTrustScore } from '../api/update-trust-score';
import { showActionError } from './action-errors';
import { tagColor } from '../../../components/tag-color';

export const TrustScoreTag = ({ score }: { score: number }) => {
  const band = trustScoreBand(score);
  return (
    <Tag color={tagColor(band.color)} data-testid="trust-score" data-band={band.label}>
      {score}%
    </Tag>
  );
};

export const TrustScoreAction = ({ userId, score }: { userId: string; score: number }) => {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ trustScore: number }>();
  const mutation = useUpdateTrustScore(userId);

  const submit = async () => {
    const { trustScore } = await form.validateFields();
    mutation.mutate(trustScore, {
      onSuccess: (res) => {
        void message.success(res.message || 'trust score updated successfully');
        setOpen(false);
      },
      onError: (error) => showActionError(message, error),
    });
  };

  return (
    <>
      <Button size="small" onClick={() => { form.setFieldsValue({ trustScore: score }); setOpen(true); }}>
        Update trust score
      </Button>
      <Modal
        title="Update trust score"
        open={open}
        okText="Update"
        onOk={() => void submit()}
        confirmLoading={mutation.isPending}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {/* onFinish: Enter in the field saves, as the Update button does. */}
        <Form form={form} layout="vertical" preserve={false} onFinish={() => void submit()}>
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
    </>
  );
};
