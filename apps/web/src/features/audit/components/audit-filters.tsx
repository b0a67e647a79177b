import { useEffect } from 'react';
import { Button, Form, Input, Space } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import type { AuditFilters as Filters } from '../use-audit-search-params';
import { LazyRangePicker } from '../../../components/lazy-date-picker';

type FormValues = {
  action?: string;
  actor?: string;
  targetType?: string;
  targetId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
};

const DATE_FORMAT = 'YYYY-MM-DD';

const toFormValues = (f: Filters): FormValues => ({
  action: f.action,
  actor: f.actor,
  targetType: f.targetType,
  targetId: f.targetId,
  range: f.start || f.end ? [f.start ? dayjs(f.start) : null, f.end ? dayjs(f.end) : null] : null,
});

const clean = (value?: string) => value?.trim() || undefined;

export const AuditFilters = ({ value, onChange }: { value: Filters; onChange: (f: Filters) => void }) => {
  const [form] = Form.useForm<FormValues>();

  // Back/forward and shared links change the URL: the form follows it.
  const valueKey = JSON.stringify(value);
  useEffect(() => {
    form.setFieldsValue(toFormValues(JSON.parse(valueKey) as Filters));
  }, [form, valueKey]);

  const onFinish = ({ action, actor, targetType, targetId, range }: FormValues) =>
    onChange({
      action: clean(action),
      actor: clean(actor),
      targetType: clean(targetType),
      targetId: clean(targetId),
      start: range?.[0]?.format(DATE_FORMAT),
      end: range?.[1]?.format(DATE_FORMAT),
    });

  return (
    <Form<FormValues> form={form} layout="inline" onFinish={onFinish} aria-label="Audit filters" style={{ rowGap: 8 }}>
      <Form.Item name="action" label="Action">
        <Input allowClear placeholder="e.g. admin.login" />
      </Form.Item>
      <Form.Item name="actor" label="Actor email">
        <Input allowClear />
      </Form.Item>
      <Form.Item name="targetType" label="Target type">
        <Input allowClear />
      </Form.Item>
      <Form.Item name="targetId" label="Target ID">
        <Input allowClear />
      </Form.Item>
      <Form.Item name="range" label="Date range">
        <LazyRangePicker
          allowEmpty={[true, true]}
          format={DATE_FORMAT}
          // The trail holds no future rows; the server also refuses start after end.
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          Search
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onChange({});
          }}
        >
          Reset
        </Button>
      </Space>
    </Form>
  );
};
