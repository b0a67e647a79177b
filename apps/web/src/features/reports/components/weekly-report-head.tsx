import { Alert, Flex } from 'antd';
import { errorMessage } from '../../../api/client';
import { CsvExportButton } from '../../../components/csv-export-button';
import { Select } from '../../../components/lazy-select';
import { Typography } from '../../../components/typography';
import { WEEK_OPTIONS } from '../use-weeks-param';

/** A weekly report's head: its title, the weeks shown, the CSV export of those weeks, and the load error. */
export const WeeklyReportHead = ({
  title,
  weeks,
  setWeeks,
  exportPath,
  fileName,
  error,
}: {
  title: string;
  weeks: number;
  setWeeks: (weeks: number) => void;
  exportPath: string;
  fileName: string;
  error: unknown;
}) => (
  <>
    <Typography.Title level={3} style={{ margin: 0 }}>
      {title}
    </Typography.Title>
    <Flex gap={16} wrap align="center">
      <Select
        aria-label="Weeks shown"
        data-testid="weeks-select"
        style={{ width: 180 }}
        value={weeks}
        options={WEEK_OPTIONS}
        onChange={setWeeks}
      />
      <CsvExportButton path={exportPath} query={{ weeks }} fileName={fileName} />
    </Flex>
    {error ? <Alert type="error" showIcon title={errorMessage(error)} /> : null}
  </>
);
