import { Alert, Button, Empty, Flex, Form, Input } from 'antd';
import { z } from 'zod';
import { NOTE_SEARCH_MIN_LENGTH, TEXT_LIMITS, type FoundNote } from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { useFinder, useNoteSearch } from './api/finder';
import { DataTable } from '../../components/data-table';
import { Card } from '../../components/light-card';
import { Typography } from '../../components/typography';
import { useUrlState } from '../../components/use-url-state';
import { foundNoteColumns } from './finder-columns';
import { FinderCustomer } from './finder-customer';

/** The searched e-mail and note text, as typed (each form checks its own). */
const finderUrl = z.object({ email: z.string().default(''), notes: z.string().default('') });

/** Activity search: one customer's sign-ins, transactions and the staff actions on them, by e-mail. */
export const FinderPage = () => {
  const [{ email, notes: notesText }, search] = useUrlState(finderUrl);
  const { data, error, isFetching } = useFinder(email);
  const found = useNoteSearch(notesText);
  const result = data?.data;
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Activity Search
      </Typography.Title>
      <Form
        layout="inline"
        aria-label="Activity search"
        initialValues={{ email }}
        onFinish={(v: { email: string }) => search({ email: v.email.trim() })}
      >
        <Form.Item
          name="email"
          label="E-mail"
          rules={[
            { required: true, message: 'Please input your E-mail!' },
            { type: 'email', message: 'The input is not valid E-mail!' },
          ]}
        >
          <Input style={{ width: 320 }} autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isFetching}>
          Search
        </Button>
      </Form>
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      {email && result && !result.user && <Empty description={data.message} />}
      {result?.user && <FinderCustomer result={result} user={result.user} />}
      <Typography.Title level={4} style={{ margin: 0 }}>
        Search notes
      </Typography.Title>
      <Form
        layout="inline"
        aria-label="Search notes"
        initialValues={{ notes: notesText }}
        onFinish={(v: { notes: string }) => search({ notes: v.notes.trim() })}
      >
        <Form.Item
          name="notes"
          label="Text"
          rules={[
            {
              required: true,
              whitespace: true,
              message: `Type at least ${NOTE_SEARCH_MIN_LENGTH} characters to search the notes`,
            },
            {
              min: NOTE_SEARCH_MIN_LENGTH,
              message: `Type at least ${NOTE_SEARCH_MIN_LENGTH} characters to search the notes`,
            },
            { max: TEXT_LIMITS.search, message: `At most ${TEXT_LIMITS.search} characters` },
          ]}
        >
          <Input style={{ width: 320 }} autoComplete="off" maxLength={TEXT_LIMITS.search} />
        </Form.Item>
        <Button htmlType="submit" loading={found.isFetching}>
          Search notes
        </Button>
      </Form>
      {found.error && <Alert type="error" showIcon title={errorMessage(found.error)} />}
      {notesText && found.data && (
        <Card size="small" title={`Notes holding “${notesText}” (newest ${found.data.data.length})`}>
          <DataTable<FoundNote>
            rowKey="_id"
            size="small"
            pagination={{ pageSize: 10, showSizeChanger: false }}
            data-testid="finder-found-notes"
            columns={foundNoteColumns}
            dataSource={found.data.data}
          />
        </Card>
      )}
    </Flex>
  );
};
