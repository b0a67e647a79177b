import { useEffect, useState } from 'react';
import { App, Button, Empty, Flex, Modal, Spin } from 'antd';
import { useUserBankDetails } from '../api/get-user-bank-details';
import { Card } from '../../../components/light-card';
import { Typography } from '../../../components/typography';

export const BankDetailsAction = ({ userId }: { userId: string }) => {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const { data, isFetching, isError } = useUserBankDetails(userId, open);

  useEffect(() => {
    if (open && isError) void message.error('something went wrong');
  }, [open, isError, message]);

  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        Bank details
      </Button>
      <Modal title="Bank details" open={open} footer={null} onCancel={() => setOpen(false)}>
        {isFetching && !data ? (
          <Spin />
        ) : !data?.records.length ? (
          <Empty description={isError ? 'something went wrong' : 'No bank account'} />
        ) : (
          <Flex vertical gap={12} data-testid="bank-accounts">
            {data.records.map((b) => (
              <Card key={b._id} size="small" title={b.bankName}>
                <Typography.Text strong>{b.accountName}</Typography.Text>
                <br />
                <Typography.Text copyable>{b.accountNumber}</Typography.Text>
                {b.country && <Typography.Text type="secondary"> · {b.country}</Typography.Text>}
              </Card>
            ))}
          </Flex>
        )}
      </Modal>
    </>
  );
};
