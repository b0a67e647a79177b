import { useEffect } from 'react';
import { Button, Form } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { ALL_USER_TYPES, REFERRAL_REPORT_DEFAULT_START } from '@vaultdesk/contract';
import { useReferralUserTypes } from '../api/get-referral-user-types';
import { DATE_FORMAT } from '../use-referral-search-params';
import { LazyRangePicker } from '../../../components/lazy-date-picker';
import { Select } from '../../../components/lazy-select';

type Filters = { userType: string; start: string; end: string };
type FormValues = { userType: string; range: [Dayjs, Dayjs] };

export const ReferralFilters = ({ value, onChange }: { value: Filters; onChange: (f: Filters) => void }) => {
  const [form] = Form.useForm<FormValues>();
  const userTypes = useReferralUserTypes();

  const key = JSON.stringify(value);
  useEffect(() => {
    const v = JSON.parse(key) as Filters;
    form.setFieldsValue({ userType: v.userType, range: [dayjs(v.start), dayjs(v.end)] });
  }, [form, key]);

  const options = [
    { value: ALL_USER_TYPES, label: 'All user types' },
    ...(userTypes.data?.userTypes ?? []).map((t) => ({ value: t.name, label: t.name })),
  ];

  return (
    <Form<FormValues>
      form={form}
      layout="inline"
      aria-label="Referral report filters"
      style={{ rowGap: 8 }}
      onFinish={({ userType, range }) =>
        onChange({ userType, start: range[0].format(DATE_FORMAT), end: range[1].format(DATE_FORMAT) })
      }
    >
      <Form.Item
        name="range"
        label="Date range"
        rules={[
          { required: true, message: 'Choose a date range' },
          {
            validator: (_, range?: [Dayjs | null, Dayjs | null]) => {
              const [start, end] = range ?? [];
              if (!start || !end) return Promise.reject(new Error('Choose a date range'));
              if (start.isAfter(end, 'day')) return Promise.reject(new Error('Start date must not be after end date'));
              if (end.isAfter(dayjs(), 'day')) return Promise.reject(new Error('End date must not be after today'));
              return Promise.resolve();
            },
          },
        ]}
      >
        <LazyRangePicker
          format={DATE_FORMAT}
          allowClear={false}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          presets={[{ label: 'Since launch', value: [dayjs(REFERRAL_REPORT_DEFAULT_START), dayjs()] }]}
        />
      </Form.Item>
      <Form.Item name="userType" label="User type">
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={options}
          loading={userTypes.isPending}
          style={{ width: 200 }}
          aria-label="User type"
          data-testid="user-type-select"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        Search
      </Button>
    </Form>
  );
};
