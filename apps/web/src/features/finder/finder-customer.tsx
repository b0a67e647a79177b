import { Descriptions, Tag } from 'antd';
import { Link } from 'react-router';
import type { CaseNote, FinderResult } from '@vaultdesk/contract';
import { DataTable } from '../../components/data-table';
import { Card } from '../../components/light-card';
import {
  actionColumns,
  noteColumns,
  signInColumns,
  txColumns,
  when,
  type Action,
  type SignIn,
  type Tx,
} from './finder-columns';

/** The customer found: who they are, their latest sign-ins, transactions, the staff actions on them and their notes. */
export const FinderCustomer = ({ result, user }: { result: FinderResult; user: NonNullable<FinderResult['user']> }) => (
  <>
    <Descriptions bordered size="small" column={2} data-testid="finder-user">
      <Descriptions.Item label="Name">
        <Link to={`/user-profile/${user._id}`}>{user.fullName}</Link>
      </Descriptions.Item>
      <Descriptions.Item label="Username">{user.username}</Descriptions.Item>
      <Descriptions.Item label="E-mail">{user.email}</Descriptions.Item>
      <Descriptions.Item label="Joined (UTC)">{when(user.createdAt)}</Descriptions.Item>
      <Descriptions.Item label="Status">
        {user.deactivated ? <Tag color="red">Deactivated</Tag> : <Tag color="green">Active</Tag>}
      </Descriptions.Item>
    </Descriptions>
    <Card size="small" title="Sign-ins (latest)">
      <DataTable<SignIn>
        rowKey="at"
        size="small"
        pagination={false}
        data-testid="finder-sign-ins"
        columns={signInColumns}
        dataSource={result.signIns}
      />
    </Card>
    <Card size="small" title={`Transactions (newest ${result.transactions.length})`}>
      <DataTable<Tx>
        rowKey="_id"
        size="small"
        pagination={{ pageSize: 10, showSizeChanger: false }}
        data-testid="finder-transactions"
        columns={txColumns}
        dataSource={result.transactions}
      />
    </Card>
    <Card size="small" title="Staff actions on this customer">
      <DataTable<Action>
        rowKey="_id"
        size="small"
        pagination={{ pageSize: 10, showSizeChanger: false }}
        data-testid="finder-staff-actions"
        columns={actionColumns}
        dataSource={result.staffActions}
      />
    </Card>
    <Card size="small" title={`Notes (newest ${result.notes.length})`}>
      <DataTable<CaseNote>
        rowKey="_id"
        size="small"
        pagination={{ pageSize: 10, showSizeChanger: false }}
        data-testid="finder-notes"
        columns={noteColumns}
        dataSource={result.notes}
      />
    </Card>
  </>
);
