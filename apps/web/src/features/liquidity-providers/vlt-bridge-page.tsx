import { useEffect } from 'react';
import { App, Button, Descriptions, Flex, Form, Input } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { BRIDGE_NO_DATA, formatAmount, INPUT_A_REFERENCE, bridgeQuery } from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { bridgeRequestQueryOptions, useBridgeRequest } from './api/get-bridge-request';
import { Typography } from '../../components/typography';
import { formatDateTime, zoned } from '../../components/date-time';
import { useUrlState } from '../../components/use-url-state';

/** The VLT bridge sell request, searched by order reference (kept in the URL). */
export const VltBridgePage = () => {
  const [url, setUrl] = useUrlState(bridgeQuery, { keep: false });
  const reference = url.orderReference ?? '';
  const [form] = Form.useForm<{ orderReference: string }>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { data, isFetching } = useBridgeRequest(reference);
  useEffect(() => form.setFieldsValue({ orderReference: reference }), [form, reference]);

  const search = async ({ orderReference }: { orderReference?: string }) => {
    const ref = orderReference?.trim() ?? '';
    if (!ref) {
      message.warning(INPUT_A_REFERENCE);
      return;
    }
    setUrl({ orderReference: ref });
    try {
      const result = await queryClient.fetchQuery({ ...bridgeRequestQueryOptions(ref), staleTime: 0 });
      if (!result.data) message.info(BRIDGE_NO_DATA);
    } catch (e) {
      message.error(errorMessage(e));
    }
  };
  const r = data?.data;
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        VLT Bridge Sell Request
      </Typography.Title>
      <Form form={form} layout="inline" onFinish={(v) => void search(v)} aria-label="Bridge sell request search">
        <Form.Item name="orderReference" label="Order reference">
          <Input allowClear style={{ width: 320 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isFetching}>
          Search
        </Button>
      </Form>
      {data && !r && <Typography.Text data-testid="bridge-message">{BRIDGE_NO_DATA}</Typography.Text>}
      {r && (
        <Descriptions
          bordered
          size="small"
          column={1}
          data-testid="bridge-request"
          items={[
            { key: 'ref', label: 'Order reference', children: r.orderReference },
            { key: 'email', label: 'User email', children: r.userEmail },
            { key: 'amount', label: 'Amount', children: formatAmount(r.amount) },
            { key: 'cur', label: 'Pay-in currency', children: r.payInCurrency },
            { key: 'dest', label: 'Destination address', children: r.destinationAddress },
            { key: 'created', label: zoned('Created'), children: formatDateTime(r.createdAt) },
            { key: 'updated', label: zoned('Updated'), children: formatDateTime(r.updatedAt) },
          ]}
        />
      )}
    </Flex>
  );
};
