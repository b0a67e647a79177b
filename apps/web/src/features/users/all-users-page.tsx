import { Alert, Flex, Input } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { COUNTRY_TYPES, USER_SEARCH_MIN_LENGTH, type CountryType } from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { CsvExportButton } from '../../components/csv-export-button';
import { useUsersByCountry } from './api/get-users-by-country';
import { useUsersByDate } from './api/get-users-by-date';
import { COUNTRY_OPTIONS } from './components/countries';
import { todayUtc } from './components/format';
import { UserListTable } from './components/user-list-table';
import { useAllUsersParams, type AllUsersState } from './use-all-users-params';
import { TabbedPage } from '../../components/tabbed-page';
import { LazyRangePicker } from '../../components/lazy-date-picker';
import { Typography } from '../../components/typography';
import { Select } from '../../components/lazy-select';

const DATE_FORMAT = 'YYYY-MM-DD';

type TabProps = { state: AllUsersState; update: (patch: Partial<AllUsersState>) => void; pageSize: number };

const AllUsersTab = ({ state, update, pageSize }: TabProps) => {
  const navigate = useNavigate();
  const { data, isFetching, error } = useUsersByDate({
    start: state.start,
    end: state.end,
    page: state.page,
    pageSize,
  });
  const today = dayjs(todayUtc());

  const onRange = (range: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = range ?? [];
    if (!start || !end) return;
    update({ start: start.format(DATE_FORMAT), end: end.format(DATE_FORMAT), page: 1 });
  };
  const onSearch = (text: string) => {
    const value = text.trim();
    if (value.length >= USER_SEARCH_MIN_LENGTH) void navigate(`/user-search/${encodeURIComponent(value)}`);
  };

  return (
    <Flex vertical gap={16}>
      <Flex gap={16} wrap>
        <LazyRangePicker
          aria-label="Sign-up date range"
          data-testid="users-date-range"
          allowClear={false}
          format={DATE_FORMAT}
          value={[dayjs(state.start), dayjs(state.end)]}
          // End not after today (UTC, as the server counts days); start not after end is the picker's own order.
          disabledDate={(d) => d.isAfter(today, 'day')}
          onChange={onRange}
        />
        {/* The rows show times in the staff member's zone; the filter's days are the server's (UTC). */}
        <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
          Days in UTC
        </Typography.Text>
        <Input.Search
          aria-label="Search users"
          data-testid="users-search"
          placeholder={`Search name, username, e-mail or phone (${USER_SEARCH_MIN_LENGTH}+ characters)`}
          allowClear
          enterButton="Search"
          style={{ maxWidth: 480 }}
          onSearch={onSearch}
        />
        <CsvExportButton
          path="admin/search-user-date"
          query={{ start: state.start, end: state.end, pageSize }}
          fileName="users.csv"
        />
      </Flex>
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      <UserListTable
        testId="all-users-table"
        records={data?.records ?? []}
        loading={isFetching}
        page={state.page}
        pageSize={pageSize}
        total={data?.totalRecords ?? 0}
        onPageChange={(page) => update({ page })}
      />
    </Flex>
  );
};

const CountryTab = ({ state, update, pageSize }: TabProps) => {
  const { data, isFetching, error } = useUsersByCountry({
    countryType: state.countryType,
    countryCode: state.countryCode,
    page: state.countryPage,
    pageSize,
  });
  return (
    <Flex vertical gap={16}>
      <Flex gap={16} wrap>
        <Select<CountryType>
          aria-label="Country type"
          data-testid="country-type"
          style={{ width: 160 }}
          value={state.countryType}
          options={COUNTRY_TYPES.map((t) => ({ value: t, label: t }))}
          onChange={(countryType) => update({ countryType, countryPage: 1 })}
        />
        <Select<string>
          aria-label="Country"
          data-testid="country-code"
          style={{ width: 280 }}
          showSearch={{ optionFilterProp: 'label' }}
          value={state.countryCode}
          options={COUNTRY_OPTIONS}
          onChange={(countryCode) => update({ countryCode, countryPage: 1 })}
        />
        <CsvExportButton
          path="admin/users"
          query={{ countryType: state.countryType, countryCode: state.countryCode, pageSize }}
          fileName="users-by-country.csv"
        />
      </Flex>
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      <UserListTable
        testId="country-users-table"
        records={data?.records ?? []}
        loading={isFetching}
        page={state.countryPage}
        pageSize={pageSize}
        total={data?.totalRecords ?? 0}
        onPageChange={(countryPage) => update({ countryPage })}
      />
    </Flex>
  );
};

export const AllUsersPage = () => {
  const { state, update, pageSize } = useAllUsersParams();
  return (
    <TabbedPage
      title="Users"
      activeKey={state.tab}
      onChange={(tab) => update({ tab: tab === 'country' ? 'country' : 'all' })}
      items={[
        { key: 'all', label: 'All Users', children: <AllUsersTab state={state} update={update} pageSize={pageSize} /> },
        {
          key: 'country',
          label: 'Users By Country',
          children: <CountryTab state={state} update={update} pageSize={pageSize} />,
        },
      ]}
    />
  );
};
