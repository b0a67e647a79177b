import { useEffect } from 'react';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { Link } from 'react-router';
import {
  BALANCE_SEARCH_CURRENCIES,
  BALANCE_SEARCH_CURRENCY_CODES,
  BALANCE_SEARCH_DEFAULTS,
  USERS_PAGE_SIZE,
  type BalanceSearchCurrency,
  type BalanceSearchRow,
  formatAmount,
  shortAddress,
  balanceSearchQuery,
} from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { CsvExportButton } from '../../components/csv-export-button';
import { useUsersByWalletBalance } from './api/get-users-by-wallet-balance';
import { DataTable } from '../../components/data-table';
import { Typography } from '../../components/typography';
import { Select } from '../../components/lazy-select';
import { useUrlState } from '../../components/use-url-state';

const AMOUNT = /^\d{1,20}(\.\d{1,18})?$/;
/** The contract's currency and amount (the defaults standing in for a missing or bad one) and page. */
const balanceUrl = balanceSearchQuery.pick({ page: true }).extend({
  currency: balanceSearchQuery.shape.currency.default(BALANCE_SEARCH_DEFAULTS.currency),
  balance: balanceSearchQuery.shape.balance.default(BALANCE_SEARCH_DEFAULTS.balance),
});
const BALANCE_URL_DEFAULTS = { ...BALANCE_SEARCH_DEFAULTS, page: 1 };
type FormValues = { currency: BalanceSearchCurrency; balance: string };

/** Wallets holding at least an amount of a currency; currency, amount and page in the URL. */
export const BalanceSearchPage = () => {
  const [{ currency, balance, page }, setUrl] = useUrlState(balanceUrl, { keep: false, omit: BALANCE_URL_DEFAULTS });

  const [form] = Form.useForm<FormValues>();
  useEffect(() => form.setFieldsValue({ currency, balance }), [form, currency, balance]);
  const { data, isFetching, error } = useUsersByWalletBalance({ currency, balance, page, pageSize: USERS_PAGE_SIZE });

  const write = (next: { currency: string; balance: string; page: number }) => setUrl(next);

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Wallet Balance Search
      </Typography.Title>
      <Form<FormValues>
        form={form}
        layout="inline"
        aria-label="Wallet balance search"
        initialValues={{ currency, balance }}
        onFinish={(v) => write({ currency: v.currency, balance: v.balance.trim(), page: 1 })}
        style={{ rowGap: 8 }}
      >
        <Form.Item name="currency" label="Currency">
          <Select
            aria-label="Currency"
            data-testid="balance-currency"
            style={{ width: 140 }}
            options={BALANCE_SEARCH_CURRENCIES.map((c) => ({ value: c, label: BALANCE_SEARCH_CURRENCY_CODES[c] }))}
          />
        </Form.Item>
        <Form.Item
          name="balance"
          label="Minimum balance"
          rules={[
            { required: true, message: 'Enter an amount' },
            { pattern: AMOUNT, message: 'Enter a non-negative amount' },
          ]}
        >
          <Input aria-label="Minimum balance" data-testid="balance-amount" style={{ width: 180 }} inputMode="decimal" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" data-testid="balance-search-submit">
            Search
          </Button>
        </Form.Item>
      </Form>
      <CsvExportButton
        path="admin/users-by-wallet-balance"
        query={{ currency, balance }}
        fileName="wallet-balances.csv"
      />
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      <DataTable<BalanceSearchRow>
        data-testid="balance-search-results"
        rowKey={(r) => r.walletId._id}
        loading={isFetching}
        dataSource={data?.records ?? []}
        scroll={{ x: 800 }}
        pagination={{
          current: page,
          pageSize: USERS_PAGE_SIZE,
          total: data?.totalRecords ?? 0,
          showSizeChanger: false,
          showTotal: (n) => `${n} wallets`,
          onChange: (p) => write({ currency, balance, page: p }),
        }}
        columns={[
          {
            title: 'Username',
            key: 'username',
            render: (_, r) => <Link to={`/user-profile/${r.walletId.userId._id}`}>{r.walletId.userId.username}</Link>,
          },
          { title: 'Email', key: 'email', render: (_, r) => r.walletId.userId.email },
          { title: 'Phone No', key: 'phone', render: (_, r) => r.walletId.userId.phoneNo ?? '-' },
          {
            title: 'Wallet',
            key: 'wallet',
            render: (_, r) => (
              <span title={r.walletId.address}>{`${r.walletId.name} (${shortAddress(r.walletId.address)})`}</span>
            ),
          },
          {
            title: `Balance (${BALANCE_SEARCH_CURRENCY_CODES[currency]})`,
            dataIndex: 'balance',
            align: 'right',
            render: (v: string) => formatAmount(v),
          },
        ]}
      />
    </Flex>
  );
};
