import { Alert, Button, Flex } from 'antd';
import { errorMessage } from '../../../api/client';
import { useMe } from '../../../api/me';
import { formatDateTimeInZone } from '../../../components/date-time';
import { Typography } from '../../../components/typography';
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
          <div>
            <Typography.Text strong>{`Last anchor: anchor ${latest.id}`}</Typography.Text>
            <div>{`Anchored ${formatDateTimeInZone(latest.createdAt)}`}</div>
            <div>{`Head row ${latest.headRowId} (chain position ${latest.headSeq}, ${latest.rowCount} rows anchored)`}</div>
            <div>
              {'Transaction '}
              <Typography.Text
                code
                data-testid="audit-anchor-tx"
              >{`${latest.txHash} on chain ${latest.chainId}`}</Typography.Text>
            </div>
            <div>{`File store object ${latest.objectKey}`}</div>
          </div>
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
