import { Alert, Button, Descriptions, Flex } from 'antd';
import { errorMessage } from '../../../api/client';
import { useMe } from '../../../api/me';
import { formatDateTimeInZone } from '../../../components/date-time';
import { useAnchorNow } from '../api/anchor-now';
import { useLatestAnchor } from '../api/get-latest-anchor';

/**
 * The trail's last anchor (when, the head row, its transaction and chain) and, for whoever holds
 * `audit.anchor`, "Anchor now": the head written on chain and to the file store at once.
 */
export const AuditAnchor = () => {
  const status = useLatestAnchor();
  const anchor = useAnchorNow();
  const canAnchor = !!useMe().data?.authRole.permissions.includes('audit.anchor');
  const latest = status.data?.latest ?? null;
  return (
    <Flex vertical gap={8} align="flex-start" data-testid="audit-anchor">
      {status.error && <Alert type="error" showIcon title={errorMessage(status.error)} />}
      {status.data &&
        (latest ? (
          <Descriptions
            size="small"
            column={1}
            title={`Last anchor: anchor ${latest.id}`}
            items={[
              { key: 'at', label: 'Anchored', children: formatDateTimeInZone(latest.createdAt) },
              {
                key: 'head',
                label: 'Head row',
                children: `row ${latest.headRowId} (chain position ${latest.headSeq}, ${latest.rowCount} rows anchored)`,
              },
              {
                key: 'tx',
                label: 'Transaction',
                children: <span data-testid="audit-anchor-tx">{`${latest.txHash} on chain ${latest.chainId}`}</span>,
              },
              { key: 'object', label: 'File store object', children: latest.objectKey },
            ]}
          />
        ) : (
          <Alert type="info" showIcon title="The trail has no anchor yet" />
        ))}
      {canAnchor && (
        <Button
          onClick={() => anchor.mutate()}
          loading={anchor.isPending}
          disabled={!!status.data?.unavailable}
          title={status.data?.unavailable ?? undefined}
        >
          Anchor now
        </Button>
      )}
      {canAnchor && status.data?.unavailable && <Alert type="warning" showIcon title={status.data.unavailable} />}
      {anchor.error && <Alert type="error" showIcon title={errorMessage(anchor.error)} />}
      {anchor.data && !anchor.isPending && (
        <Alert data-testid="audit-anchor-result" type="success" showIcon title={anchor.data.message} />
      )}
    </Flex>
  );
};
