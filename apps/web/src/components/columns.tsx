import type { Key, ReactNode } from 'react';
import { Tag } from 'antd';
import { explorerTxUrl, formatAmount, NO_VALUE, shortAddress } from '@vaultdesk/contract';
import type { DataColumn } from './data-table';

/** A right-aligned token amount: the record's decimal string as `formatAmount` writes it. */
export const amountColumn = <T,>(title: ReactNode, dataIndex: string, key?: Key): DataColumn<T> => ({
  title,
  dataIndex,
  ...(key === undefined ? {} : { key }),
  align: 'right',
  render: (v: string) => formatAmount(v),
});

/** A transaction hash, shortened and linked to the chain's explorer; the dash when there is none. */
export const txHashLink = (hash: string | null) =>
  hash ? (
    <a href={explorerTxUrl(hash)} target="_blank" rel="noreferrer">
      {shortAddress(hash)}
    </a>
  ) : (
    NO_VALUE
  );

/** What an on-chain batch did: deposits blue, withdrawals orange. */
export const batchActionTag = (action: string) => <Tag color={action === 'deposit' ? 'blue' : 'orange'}>{action}</Tag>;
