import { Button, Flex, Space } from 'antd';
import { KYC_FILTER_LEVELS, KYC_FILTER_STATUSES, type KycCount, type KycFilterStatus } from '@vaultdesk/contract';
import { Card } from '../../../components/light-card';

type Level = (typeof KYC_FILTER_LEVELS)[number];

const COUNT_KEYS: Record<Level, Record<KycFilterStatus, keyof KycCount>> = {
  2: { submitted: 'levelTwosubmittedKyc', approved: 'levelTwoapprovedKyc', rejected: 'levelTworejectedKyc' },
  3: { submitted: 'levelThreeSubmittedKyc', approved: 'levelThreeApprovedKyc', rejected: 'levelThreeRejectedKyc' },
};
const title = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** A card per level, a button per status with its count; the one listed (none during a search) is pressed. */
export const KycFilterCards = ({
  selected,
  counts,
  onSelect,
}: {
  selected: { level: number; status: KycFilterStatus } | null;
  counts: KycCount | undefined;
  onSelect: (level: Level, status: KycFilterStatus) => void;
}) => (
  <Flex gap={16} wrap>
    {KYC_FILTER_LEVELS.map((lv) => (
      <Card key={lv} size="small" title={`Level ${lv}`} style={{ minWidth: 320 }}>
        <Space wrap>
          {KYC_FILTER_STATUSES.map((st) => {
            const pressed = selected?.level === lv && selected.status === st;
            return (
              <Button
                key={st}
                data-testid={`kyc-filter-${lv}-${st}`}
                aria-pressed={pressed}
                variant={pressed ? 'outlined' : 'filled'}
                color={pressed ? 'primary' : 'default'}
                onClick={() => onSelect(lv, st)}
              >
                {title(st)}: {counts ? counts[COUNT_KEYS[lv][st]] : '…'}
              </Button>
            );
          })}
        </Space>
      </Card>
    ))}
  </Flex>
);
