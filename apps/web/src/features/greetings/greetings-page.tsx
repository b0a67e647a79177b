import { useState } from 'react';
import { App, Button, Flex, Form, Input, Modal, Popconfirm, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  GREETING_DESCRIPTION_MAX,
  GREETING_TIME_FRAMES,
  GREETINGS_PAGE_SIZE,
  type Greeting,
  type GreetingBody,
  greetingsQuery,
} from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { useGreetings } from './api/get-greetings';
import { useCreateGreetingMutation } from './api/create-greeting';
import { useUpdateGreetingMutation } from './api/update-greeting';
import { useDeleteGreetingMutation } from './api/delete-greeting';
import { DataTable } from '../../components/data-table';
import { LazyDatePicker } from '../../components/lazy-date-picker';
import { Typography } from '../../components/typography';
import { Select } from '../../components/lazy-select';
import { formatCalendarDate } from '../../components/date-time';
import { useUrlState } from '../../components/use-url-state';

const pageUrl = greetingsQuery.pick({ page: true });

type GreetingForm = { title: string; description: string; timeFrame: string; expiry: Dayjs };

const timeFrameLabel = (v: string) => GREETING_TIME_FRAMES.find((t) => t.value === v)?.label ?? v;

const GreetingDialog = ({ greeting, onClose }: { greeting: Greeting | null; onClose: () => void }) => {
  const [form] = Form.useForm<GreetingForm>();
  const create = useCreateGreetingMutation();
  const update = useUpdateGreetingMutation();
  const { message, modal } = App.useApp();
  const submit = (v: GreetingForm) => {
    // A date: the greeting lives until the end of that day (the server reads YYYY-MM-DD so).
    const body = {
      title: v.title,
      description: v.description,
      timeFrame: (v.timeFrame ?? '') as GreetingBody['timeFrame'],
      expiry_time: v.expiry.format('YYYY-MM-DD'),
    };
    const done = (res: { message: string }) => {
      void message.success(res.message);
      onClose();
    };
    const fail = (err: unknown) => void message.info(errorMessage(err));
    // Spec 002 §5: every modifying action asks first. No leaves the form open, as typed.
    modal.confirm({
      title: 'Are you sure?',
      content: greeting
        ? `Update the greeting "${v.title.trim()}"; customers see the new text at once.`
        : `Create the greeting "${v.title.trim()}"; customers see it until the end of ${body.expiry_time} (UTC).`,
      okText: 'Yes',
      cancelText: 'No',
      // Returning the call keeps the question open and its button busy until the server answers.
      onOk: () =>
        (greeting ? update.mutateAsync({ id: greeting._id, ...body }) : create.mutateAsync(body)).then(done, fail),
    });
  };
  return (
    <Modal
      title={greeting ? 'Update Greeting' : 'Create Greeting'}
      open
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={greeting ? 'Update' : 'Create'}
      confirmLoading={create.isPending || update.isPending}
    >
      <Form<GreetingForm>
        form={form}
        layout="vertical"
        initialValues={
          greeting
            ? {
                title: greeting.title,
                description: greeting.description,
                timeFrame: greeting.timeFrame,
                expiry: dayjs(formatCalendarDate(greeting.expiry_time)),
              }
            : { timeFrame: '' }
        }
        onFinish={submit}
      >
        <Form.Item
          name="title"
          label="Title"
          rules={[{ required: true, whitespace: true, message: 'Title is required' }]}
        >
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item
          name="description"
          label="Description"
          rules={[
            { required: true, whitespace: true, message: 'Description is required' },
            { max: GREETING_DESCRIPTION_MAX, message: `Description is at most ${GREETING_DESCRIPTION_MAX} characters` },
          ]}
        >
          <Input.TextArea rows={3} showCount maxLength={GREETING_DESCRIPTION_MAX} />
        </Form.Item>
        <Form.Item name="timeFrame" label="Time frame">
          <Select
            aria-label="Time frame"
            options={GREETING_TIME_FRAMES.map((t) => ({ value: t.value, label: t.label }))}
          />
        </Form.Item>
        <Form.Item name="expiry" label="Expiry date" rules={[{ required: true, message: 'Expiry date is required' }]}>
          <LazyDatePicker
            aria-label="Expiry date"
            format="YYYY-MM-DD"
            style={{ width: '100%' }}
            disabledDate={(d) => d.isBefore(dayjs(), 'day')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};

/** Greetings shown in the customer app: create, update and remove; only live ones reach customers. */
export const GreetingsPage = () => {
  const [{ page }, setUrl] = useUrlState(pageUrl);
  const { data, isFetching } = useGreetings(page);
  const remove = useDeleteGreetingMutation();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ greeting: Greeting | null } | null>(null);
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Greetings
      </Typography.Title>
      <Space>
        <Button type="primary" onClick={() => setEditing({ greeting: null })}>
          Create Greeting
        </Button>
      </Space>
      <DataTable<Greeting>
        data-testid="greetings-table"
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.records ?? []}
        pagination={{
          current: page,
          pageSize: GREETINGS_PAGE_SIZE,
          total: data?.totalRecords ?? 0,
          showSizeChanger: false,
          onChange: (p) => setUrl({ page: p }, { keep: false }),
        }}
        columns={[
          { title: 'Title', dataIndex: 'title' },
          { title: 'Description', dataIndex: 'description' },
          { title: 'Time Frame', dataIndex: 'timeFrame', render: timeFrameLabel },
          { title: 'Expiry (end of day, UTC)', dataIndex: 'expiry_time', render: (v: string) => formatCalendarDate(v) },
          {
            title: 'Status',
            dataIndex: 'live',
            render: (live: boolean) => (live ? <Tag color="green">live</Tag> : <Tag>expired</Tag>),
          },
          {
            title: 'Actions',
            render: (_, g) => (
              <Space>
                <Button size="small" onClick={() => setEditing({ greeting: g })}>
                  Edit
                </Button>
                <Popconfirm
                  title="Are you sure?"
                  onConfirm={() =>
                    remove.mutateAsync(g._id).then(
                      (res) => void message.success(res.message),
                      (err) => void message.info(errorMessage(err)),
                    )
                  }
                >
                  <Button size="small" danger>
                    Delete
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <GreetingDialog
          key={editing.greeting?._id ?? 'new'}
          greeting={editing.greeting}
          onClose={() => setEditing(null)}
        />
      )}
    </Flex>
  );
};
