import { useEffect, useState } from 'react';
import { Alert, Avatar, Flex, Input } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import {
  USER_SEARCH_LIMIT,
  USER_SEARCH_MIN_LENGTH,
  USER_SEARCH_TOO_SHORT,
  type UserGlobalSearchRow,
} from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { useUserGlobalSearch } from './api/get-user-global-search';
import { DataTable } from '../../components/data-table';
import { Typography } from '../../components/typography';
import { formatDateTime, zoned } from '../../components/date-time';
import { customerPicture } from '../../components/customer-picture';

/** User search and User Advanced Search: the text lives in the route (/user-search/{text}). */
export const UserSearchPage = () => {
  const { search = '' } = useParams();
  const navigate = useNavigate();
  const [text, setText] = useState(search);
  useEffect(() => setText(search), [search]);
  const tooShort = search.trim().length > 0 && search.trim().length < USER_SEARCH_MIN_LENGTH;
  const { data, isFetching, error } = useUserGlobalSearch(search);

  const onSearch = (value: string) => {
    const v = value.trim();
    if (v) void navigate(`/user-search/${encodeURIComponent(v)}`);
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        User Search
      </Typography.Title>
      <Input.Search
        aria-label="Search users"
        data-testid="user-search-input"
        placeholder="Name, username, e-mail or phone"
        enterButton="Search"
        allowClear
        style={{ maxWidth: 560 }}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={onSearch}
      />
      {tooShort && <Alert type="info" showIcon title={USER_SEARCH_TOO_SHORT} />}
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      {!tooShort && data?.length === USER_SEARCH_LIMIT && (
        <Alert
          type="info"
          showIcon
          data-testid="user-search-capped"
          title={`Showing the first ${USER_SEARCH_LIMIT} matches: add more of the name, e-mail or phone to narrow the search.`}
        />
      )}
      <DataTable<UserGlobalSearchRow>
        data-testid="user-search-results"
        rowKey="_id"
        loading={isFetching}
        dataSource={search && !tooShort ? (data ?? []) : []}
        pagination={false}
        scroll={{ x: 800 }}
        // Table greys its empty text below AA contrast; secondary text meets it.
        locale={{
          emptyText: (
            <Typography.Text type="secondary">
              {search ? 'No users found' : 'Type a name, username, e-mail or phone and search'}
            </Typography.Text>
          ),
        }}
        columns={[
          {
            title: 'User',
            key: 'user',
            render: (_, r) => (
              <Flex gap={12} align="center">
                <Avatar src={customerPicture(r.profileUrl)} icon={<UserOutlined />} alt="" />
                <Flex vertical>
                  <Typography.Text strong>{r.fullName}</Typography.Text>
                  <Typography.Text type="secondary">{r.email}</Typography.Text>
                </Flex>
              </Flex>
            ),
          },
          { title: 'Username', dataIndex: 'username' },
          { title: 'Referred By', dataIndex: 'referredBy', render: (v: string | null) => v ?? '-' },
          { title: zoned('Registration Date'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
          {
            title: '',
            key: 'view',
            render: (_, r) => (
              <Link to={`/user-profile/${r._id}`} data-testid={`view-profile-${r.username}`}>
                View Profile
              </Link>
            ),
          },
        ]}
      />
    </Flex>
  );
};
