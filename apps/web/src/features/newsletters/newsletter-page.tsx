import { useState } from 'react';
import { App, Button, Col, Flex, Form, Input, InputNumber, Modal, Radio, Row, Space, Statistic } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  NEWSLETTER_PAGE_SIZE,
  type Newsletter,
  type NewsletterAction,
  type NewsletterConfigBody,
  newslettersQuery,
} from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { closeOnSuccess } from '../../components/close-on-success';
import { useMe } from '../../api/me';
import { useNewsletters } from './api/get-newsletters';
import { useMaillists } from './api/get-maillists';
import { useSubscribers } from './api/get-subscribers';
import { useNewsletterConfig } from './api/get-newsletter-config';
import { useUpdateNewsletterConfigMutation } from './api/update-newsletter-config';
import { useSaveDraftMutation } from './api/save-draft';
import { useSendTestMutation } from './api/send-test';
import { useSubmitNewsletterMutation } from './api/submit-newsletter';
import { useApproveNewsletterMutation } from './api/approve-newsletter';
import { useSetNewsletterStatusMutation } from './api/set-newsletter-status';
import { useTerminateNewsletterMutation } from './api/terminate-newsletter';
import { useDeleteNewsletterMutation } from './api/delete-newsletter';
import { RichTextEditor } from './components/rich-text-editor';
import { ACTION_LABELS, newsletterColumns } from './components/newsletter-columns';
import { DataTable } from '../../components/data-table';
import { LazyDatePicker } from '../../components/lazy-date-picker';
import { Card } from '../../components/light-card';
import { Typography } from '../../components/typography';
import { zoned } from '../../components/date-time';
import { Select } from '../../components/lazy-select';
import { useUrlState } from '../../components/use-url-state';

const pageUrl = newslettersQuery.pick({ page: true });

type DraftForm = {
  subject: string;
  bannerUrl?: string;
  previewMessage?: string;
  maillist: 'subscribers' | 'test';
  content: string;
  deliveryType: 'instant' | 'scheduled';
  deliveryDate?: Dayjs;
};

const DraftDialog = ({ draft, onClose }: { draft: Newsletter | null; onClose: () => void }) => {
  const [form] = Form.useForm<DraftForm>();
  const save = useSaveDraftMutation();
  const lists = useMaillists();
  const { message } = App.useApp();
  const deliveryType = Form.useWatch('deliveryType', form);
  const submit = (v: DraftForm) =>
    save.mutate(
      {
        ...(draft ? { id: draft.id } : {}),
        subject: v.subject,
        bannerUrl: v.bannerUrl ?? '',
        previewMessage: v.previewMessage ?? '',
        maillist: v.maillist,
        content: v.content,
        deliveryType: v.deliveryType,
        deliveryDate: v.deliveryType === 'scheduled' && v.deliveryDate ? v.deliveryDate.toISOString() : null,
      },
      closeOnSuccess(message, onClose),
    );
  return (
    <Modal
      title={draft ? 'Edit NewsLetter' : 'Create NewsLetter'}
      open
      width={760}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="Save Draft"
      confirmLoading={save.isPending}
    >
      <Form<DraftForm>
        form={form}
        layout="vertical"
        initialValues={
          draft
            ? {
                subject: draft.subject,
                bannerUrl: draft.bannerUrl,
                previewMessage: draft.previewMessage,
                maillist: draft.maillist as DraftForm['maillist'],
                content: draft.content,
                deliveryType: draft.deliveryType as DraftForm['deliveryType'],
                deliveryDate: draft.deliveryDate ? dayjs(draft.deliveryDate) : undefined,
              }
            : { deliveryType: 'instant', maillist: 'test', content: '' }
        }
        onFinish={submit}
      >
        <Form.Item
          name="subject"
          label="Subject"
          rules={[{ required: true, whitespace: true, message: 'Subject is required' }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name="bannerUrl"
          label="Banner image address"
          rules={[{ pattern: /^https?:\/\/\S+$/, message: 'Banner must be an http(s) address' }]}
        >
          <Input placeholder="https://..." />
        </Form.Item>
        <Form.Item name="previewMessage" label="Preview message">
          <Input maxLength={300} />
        </Form.Item>
        <Form.Item name="maillist" label="Mail list" rules={[{ required: true, message: 'Choose a mail list' }]}>
          <Select
            aria-label="Mail list"
            options={(lists.data?.maillist ?? []).map((l) => ({ value: l.name, label: `${l.label} (${l.count})` }))}
          />
        </Form.Item>
        <Form.Item name="content" label="Content" rules={[{ required: true, message: 'Content is required' }]}>
          <RichTextEditor />
        </Form.Item>
        <Form.Item name="deliveryType" label="Delivery type">
          <Radio.Group
            options={[
              { value: 'instant', label: 'Instant' },
              { value: 'scheduled', label: 'Scheduled' },
            ]}
          />
        </Form.Item>
        {deliveryType === 'scheduled' && (
          <Form.Item
            name="deliveryDate"
            label="Delivery date"
            rules={[{ required: true, message: 'Choose the delivery date' }]}
          >
            <LazyDatePicker
              showTime
              aria-label="Delivery date"
              format="YYYY-MM-DD HH:mm"
              placeholder={zoned('Date and time')}
              disabledDate={(d) => d.isBefore(dayjs(), 'day')}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
};

/** Asks for the access code (or, to approve, the sender pin) and runs the action with it. */
const SecretDialog = ({
  action,
  newsletter,
  onClose,
}: {
  action: NewsletterAction;
  newsletter: Newsletter;
  onClose: () => void;
}) => {
  const [secret, setSecret] = useState('');
  const { message } = App.useApp();
  const test = useSendTestMutation();
  const submit = useSubmitNewsletterMutation();
  const approve = useApproveNewsletterMutation();
  const status = useSetNewsletterStatusMutation();
  const terminate = useTerminateNewsletterMutation();
  const remove = useDeleteNewsletterMutation();
  const [busy, setBusy] = useState(false);
  const isPin = action === 'approve';
  const label = isPin ? 'Sender pin' : 'Access code';
  const run = async () => {
    const id = newsletter.id;
    const access_code = secret;
    setBusy(true);
    try {
      let text: string;
      if (action === 'test') text = (await test.mutateAsync({ id, access_code })).message;
      else if (action === 'submit') text = (await submit.mutateAsync({ id, access_code })).message;
      else if (action === 'approve') text = (await approve.mutateAsync({ id, sender_pin: secret })).message;
      else if (action === 'pause') text = (await status.mutateAsync({ id, access_code, status: 'paused' })).message;
      else if (action === 'resume') text = (await status.mutateAsync({ id, access_code, status: 'pending' })).message;
      else if (action === 'terminate') text = (await terminate.mutateAsync({ id, access_code })).message;
      else text = (await remove.mutateAsync({ id, access_code })).message;
      void message.success(text);
      onClose();
    } catch (err) {
      // A 403 (wrong code, own newsletter) shows the server's message.
      void message.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={`${ACTION_LABELS[action]}: ${newsletter.subject}`}
      open
      onCancel={onClose}
      okText={ACTION_LABELS[action]}
      okButtonProps={{ disabled: !secret, danger: action === 'terminate' || action === 'delete' }}
      confirmLoading={busy}
      onOk={() => void run()}
    >
      <Typography.Paragraph>Are you sure? Enter the {label.toLowerCase()} to continue.</Typography.Paragraph>
      <Input.Password
        aria-label={label}
        placeholder={label}
        value={secret}
        onChange={(e) => setSecret(e.target.value)}
        onPressEnter={() => secret && void run()}
        autoFocus
      />
    </Modal>
  );
};

const ConfigCard = () => {
  const config = useNewsletterConfig();
  const update = useUpdateNewsletterConfigMutation();
  const { message } = App.useApp();
  const [form] = Form.useForm<NewsletterConfigBody>();
  if (!config.data) return null;
  return (
    <Card title="System config" size="small">
      <Form<NewsletterConfigBody>
        form={form}
        layout="inline"
        initialValues={{
          senderName: config.data.senderName,
          senderEmail: config.data.senderEmail,
          maxMailsPerBatch: config.data.maxMailsPerBatch,
          waitMinutesPerBatch: config.data.waitMinutesPerBatch,
        }}
        onFinish={(v) =>
          update.mutate(
            { ...v, accessCode: v.accessCode || undefined, senderPin: v.senderPin || undefined },
            {
              onSuccess: (res) => {
                void message.success(res.message);
                form.setFieldsValue({ accessCode: undefined, senderPin: undefined });
              },
              onError: (err) => void message.info(errorMessage(err)),
            },
          )
        }
        style={{ rowGap: 8 }}
      >
        <Form.Item
          name="senderName"
          label="Sender name"
          rules={[{ required: true, message: 'Sender name is required' }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="senderEmail"
          label="Sender email"
          rules={[{ required: true, type: 'email', message: 'Enter a valid email' }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="maxMailsPerBatch" label="Max mails per batch" rules={[{ required: true }]}>
          <InputNumber min={1} max={100000} />
        </Form.Item>
        <Form.Item name="waitMinutesPerBatch" label="Wait minutes per batch" rules={[{ required: true }]}>
          <InputNumber min={0} max={1440} step={0.5} />
        </Form.Item>
        <Form.Item
          name="accessCode"
          label="New access code"
          rules={[{ min: 8, message: 'Access code is too short: at least 8 characters' }]}
        >
          <Input.Password
            autoComplete="new-password"
            placeholder={config.data.accessCodeSet ? 'unchanged' : 'not set'}
          />
        </Form.Item>
        <Form.Item
          name="senderPin"
          label="New sender pin"
          rules={[{ min: 6, message: 'Sender pin is too short: at least 6 characters' }]}
        >
          <Input.Password
            autoComplete="new-password"
            placeholder={config.data.senderPinSet ? 'unchanged' : 'not set'}
          />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" loading={update.isPending}>
            Save Config
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
};

/** NewsLetter: subscribers, the list with the actions each delivery status allows, drafting, and the system config. */
export const NewsletterPage = () => {
  const [{ page }, setUrl] = useUrlState(pageUrl);
  const list = useNewsletters(page);
  const subscribers = useSubscribers();
  const permissions = useMe().data?.authRole.permissions ?? [];
  const [drafting, setDrafting] = useState<{ draft: Newsletter | null } | null>(null);
  const [acting, setActing] = useState<{ action: NewsletterAction; newsletter: Newsletter } | null>(null);
  const act = (action: NewsletterAction, n: Newsletter) =>
    action === 'edit' ? setDrafting({ draft: n }) : setActing({ action, newsletter: n });
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        NewsLetter
      </Typography.Title>
      <Row gutter={16}>
        <Col>
          <Card size="small" data-testid="total-subscribers">
            <Statistic
              title="Subscribers"
              value={subscribers.data?.totalSubscribers ?? 0}
              loading={subscribers.isLoading}
            />
          </Card>
        </Col>
        <Col>
          <Card size="small" data-testid="total-unsubscribers">
            <Statistic
              title="Unsubscribers"
              value={subscribers.data?.totalUnSubscribers ?? 0}
              loading={subscribers.isLoading}
            />
          </Card>
        </Col>
      </Row>
      {permissions.includes('newsletters.configure') && <ConfigCard />}
      {permissions.includes('newsletters.manage') && (
        <Space>
          <Button type="primary" onClick={() => setDrafting({ draft: null })}>
            Create NewsLetter
          </Button>
        </Space>
      )}
      <DataTable<Newsletter>
        data-testid="newsletters-table"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        pagination={{
          current: page,
          pageSize: NEWSLETTER_PAGE_SIZE,
          total: list.data?.totalRecords ?? 0,
          showSizeChanger: false,
          onChange: (p) => setUrl({ page: p }, { keep: false }),
        }}
        columns={newsletterColumns(permissions, act)}
      />
      {drafting && (
        <DraftDialog key={drafting.draft?.id ?? 'new'} draft={drafting.draft} onClose={() => setDrafting(null)} />
      )}
      {acting && (
        <SecretDialog
          key={`${acting.action}-${acting.newsletter.id}`}
          action={acting.action}
          newsletter={acting.newsletter}
          onClose={() => setActing(null)}
        />
      )}
    </Flex>
  );
};
