import { useEffect, useState } from 'react';
import { Alert, App, Button, Descriptions, Flex, Space, Spin } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ageFrom,
  isSuspiciousAddress,
  isTooYoung,
  KYC_LEVEL_TWO,
  KYC_MESSAGES,
  KYC_TOO_YOUNG,
  targetsFrom,
  type KycDecision,
  type KycRecord,
  type ImageGateway,
  type KycStatus,
  type RejectedKycRecord,
  kycNotesQuery,
} from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { useMe } from '../../api/me';
import { EncryptedImage } from '../../components/encrypted-image';
import { LoadErrorResult } from '../../components/status-results';
import { useKycByLevel } from './api/get-kyc-by-level';
import { useRejectedKyc } from './api/get-rejected-kyc';
import { useTakeOverKycMutation } from './api/take-over-kyc';
import { useUpdateLevelTwoKycMutation } from './api/update-level-two-kyc';
import { FraudIndicators } from './components/fraud-indicators';
import { GatewaySelect } from './components/gateway-select';
import { KycStatusTag } from './components/kyc-status-tag';
import { RandomKycButton } from './components/random-kyc-button';
import { RejectDialog, type RejectValues } from './components/reject-dialog';
import { useGateway } from './use-gateway';
import { useAddKycNote, useKycNotes } from './api/kyc-notes';
import { CaseNotesCard } from '../../components/case-notes';
import { DataTable } from '../../components/data-table';
import { Card } from '../../components/light-card';
import { Typography } from '../../components/typography';
import { formatCalendarDate, formatDateTime, formatTime, timeZoneName, zoned } from '../../components/date-time';
import { useUrlState } from '../../components/use-url-state';
import { z } from 'zod';

const notesUrl = z.object({ notesPage: kycNotesQuery.shape.page });
const NOTES_DEFAULT = { notesPage: 1 };

const LevelOne = ({ r }: { r: KycRecord }) => {
  const age = ageFrom(r.dateOfBirth);
  const young = isTooYoung(r.dateOfBirth);
  const shortAddress = isSuspiciousAddress(r.residentAddress);
  return (
    <Card title="Level 1" size="small">
      <Flex vertical gap={12}>
        <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label="First name">{r.firstName}</Descriptions.Item>
          <Descriptions.Item label="Middle name">{r.middleName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Last name">{r.lastName}</Descriptions.Item>
          <Descriptions.Item label="Phone number">{r.phoneNumber ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Date of birth">
            <Space>
              <span>
                {formatCalendarDate(r.dateOfBirth, { fallback: '—' })}
                {age !== null ? ` (${age})` : ''}
              </span>
              {young && (
                <Typography.Text type="danger" strong data-testid="too-young">
                  {KYC_TOO_YOUNG}
                </Typography.Text>
              )}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="Gender">
            {r.gender === 'm' ? 'Male' : r.gender === 'f' ? 'Female' : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="Resident address">
            <Typography.Text
              data-testid="resident-address"
              data-suspicious={shortAddress}
              // The theme's red (colorError) meets AA contrast on white; plain 'red' is 4:1.
              type={shortAddress ? 'danger' : undefined}
              title={shortAddress ? 'Suspiciously short address' : undefined}
            >
              {r.residentAddress ?? '—'}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="Country">{r.countryCode ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Device ID">
            <Typography.Text copyable={!!r.deviceId}>{r.deviceId ?? '—'}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="ID type">{r.idcardType ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="ID number">{r.idcardNumber ?? '—'}</Descriptions.Item>
        </Descriptions>
        <FraudIndicators record={r} />
      </Flex>
    </Card>
  );
};

const LevelTwo = ({
  r,
  gateway,
  permissions,
  heldByOther,
  onDecided,
}: {
  r: KycRecord;
  gateway: ImageGateway;
  permissions: readonly string[];
  heldByOther: boolean;
  onDecided: () => void;
}) => {
  const { message, modal } = App.useApp();
  const decide = useUpdateLevelTwoKycMutation();
  const [rejecting, setRejecting] = useState(false);
  const status = (r.levelTwoStatus ?? 'none') as KycStatus;
  // While another reviewer holds the case only they may decide it (the server refuses anyone
  // else with a 409): no decision is offered here, the hold banner says who and until when.
  const targets = r.levelTwoStatus && !heldByOther ? targetsFrom(KYC_LEVEL_TWO, status, permissions) : [];
  const send = (
    kycStatus: KycDecision,
    extra: { RejectionReason?: RejectValues['reason']; RejectionMessage?: string } = {},
  ) =>
    // The status shown is sent with the decision: if another reviewer decided meanwhile, the
    // server refuses (409) instead of overriding what this reviewer never saw.
    decide.mutateAsync({ id: r._id, kycStatus, ...(r.levelTwoStatus ? { fromStatus: status } : {}), ...extra }).then(
      (res) => {
        void message.success(
          kycStatus === 'approved' ? KYC_MESSAGES.approved : res.message || KYC_MESSAGES.decided(kycStatus),
        );
        setRejecting(false);
        onDecided();
      },
      // Specification §8: a refused decision shows the server's message as info.
      (error: unknown) => void message.info(errorMessage(error)),
    );
  return (
    <Card
      title={
        <Space>
          Level 2 <KycStatusTag status={r.levelTwoStatus} />
        </Space>
      }
      size="small"
      extra={
        <Space>
          {targets.includes('approved') && (
            <Button
              type="primary"
              loading={decide.isPending}
              onClick={() =>
                modal.confirm({
                  title: 'Are you sure?',
                  content: 'Approve this KYC?',
                  okText: 'Yes',
                  onOk: () => send('approved'),
                })
              }
            >
              Approve
            </Button>
          )}
          {targets.includes('rejected') && (
            <Button danger onClick={() => setRejecting(true)}>
              Reject
            </Button>
          )}
        </Space>
      }
    >
      <Flex gap={24} wrap>
        <Flex vertical align="center" gap={4}>
          <Typography.Text strong>ID card</Typography.Text>
          <EncryptedImage
            cid={r.idcardIpfsHash}
            encryptKey={r.idcardEncryptKey}
            gateway={gateway}
            alt="ID card"
            width={240}
          />
        </Flex>
        <Flex vertical align="center" gap={4}>
          <Typography.Text strong>Selfie</Typography.Text>
          <EncryptedImage
            cid={r.selfieIpfsHash}
            encryptKey={r.selfieEncryptKey}
            gateway={gateway}
            alt="Selfie"
            width={200}
          />
        </Flex>
        <Descriptions size="small" column={1} style={{ maxWidth: 420 }}>
          <Descriptions.Item label="Approved by">{r.userId.KycLevelTwoApprovedBy ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Rejected by">{r.rejectedBy ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Rejection reason">{r.levelTwoRejectionReason ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Rejection message">{r.levelTwoRejectionMessage ?? '—'}</Descriptions.Item>
        </Descriptions>
      </Flex>
      <RejectDialog
        open={rejecting}
        busy={decide.isPending}
        onCancel={() => setRejecting(false)}
        onSubmit={(v) =>
          modal.confirm({
            title: 'Are you sure?',
            content: v.escalate ? 'Escalate this KYC?' : 'Reject this KYC?',
            okText: 'Yes',
            onOk: () =>
              send(v.escalate ? 'escalated' : 'rejected', {
                RejectionReason: v.reason,
                RejectionMessage: v.message || undefined,
              }),
          })
        }
      />
    </Card>
  );
};

const History = ({ userId }: { userId: string }) => {
  const history = useRejectedKyc(userId);
  return (
    <Card title="Rejected KYC History" size="small">
      <DataTable<RejectedKycRecord>
        data-testid="rejected-kyc-history"
        rowKey="_id"
        size="small"
        loading={history.isFetching}
        dataSource={history.data?.records ?? []}
        pagination={false}
        columns={[
          { title: 'Rejected by', dataIndex: 'rejectedBy', render: (v: string | null) => v ?? '—' },
          { title: zoned('Rejection time'), dataIndex: 'rejectionTime', render: (v: string) => formatDateTime(v) },
          { title: 'Status', dataIndex: 'status', render: (v: string) => <KycStatusTag status={v} /> },
          { title: 'Reason', dataIndex: 'levelTwoRejectionReason', render: (v: string | null) => v ?? '—' },
          { title: 'Message', dataIndex: 'levelTwoRejectionMessage', render: (v: string | null) => v ?? '—' },
        ]}
      />
    </Card>
  );
};

/** The case's notes (and, for readers of profiles, the customer's); a note added here is on the KYC case. */
const KycNotes = ({ kycId, canWrite }: { kycId: string; canWrite: boolean }) => {
  const [{ notesPage: page }, setUrl] = useUrlState(notesUrl, { replace: true, omit: NOTES_DEFAULT });
  const onPage = (p: number) => setUrl({ notesPage: p });
  const notes = useKycNotes(kycId, page);
  const add = useAddKycNote(kycId);
  return (
    <CaseNotesCard
      title="Notes"
      placeholder="A note on this case for the next reviewer"
      testId="kyc-notes"
      notes={notes}
      add={add}
      page={page}
      onPage={onPage}
      canWrite={canWrite}
    />
  );
};

/**
 * Who holds the case and until when. The holder is told so; anyone else is told who holds it
 * (and sees no decision), with "Take over" when their role holds `kyc.takeover`.
 */
const HoldBanner = ({ r, mine, canTakeOver }: { r: KycRecord; mine: boolean; canTakeOver: boolean }) => {
  const { message, modal } = App.useApp();
  const takeOver = useTakeOverKycMutation();
  const until = `${formatTime(r.claimedUntil)} (${timeZoneName()})`;
  return (
    <Alert
      data-testid="kyc-claim"
      type={mine ? 'success' : 'warning'}
      showIcon
      title={mine ? `You hold this case until ${until}` : `Held by ${r.claimedBy} until ${until}`}
      description={mine ? undefined : 'Only the reviewer holding the case can decide it until then.'}
      action={
        !mine &&
        canTakeOver && (
          <Button
            loading={takeOver.isPending}
            onClick={() =>
              modal.confirm({
                title: 'Are you sure?',
                content: `Take this case over from ${r.claimedBy}? They will no longer be able to decide it.`,
                okText: 'Yes',
                // The holder this screen shows is sent: if someone else took the case meanwhile, the
                // server refuses instead of taking it from a holder this reviewer never saw.
                onOk: () =>
                  takeOver.mutateAsync({ id: r._id, claimedBy: r.claimedBy! }).then(
                    (res) => void message.success(res.message),
                    (error: unknown) => void message.info(errorMessage(error)),
                  ),
              })
            }
          >
            Take over
          </Button>
        )
      }
    />
  );
};

/** One customer's identity check: level 1 with fraud indicators, level 2 with the decision, the rejection history. */
export const ManageKycPage = () => {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const me = useMe();
  const { gateway, setGateway, gatewayQuery } = useGateway();
  const list = useKycByLevel({ userId: id, pageSize: 1 });
  const record = list.data?.record[0];
  const mine = !!record?.claimedBy && record.claimedBy === me.data?.user.email;
  const permissions = me.data?.authRole.permissions ?? [];
  // The hold binds no one once it ends: read the case again then, so the decisions come back.
  const claimedUntil = record?.claimedUntil;
  const { refetch } = list;
  useEffect(() => {
    if (!claimedUntil) return undefined;
    const timer = setTimeout(() => void refetch(), Math.max(0, new Date(claimedUntil).getTime() - Date.now()) + 1000);
    return () => clearTimeout(timer);
  }, [claimedUntil, refetch]);

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Manage KYC
        </Typography.Title>
        <Space wrap>
          <GatewaySelect gateway={gateway} onChange={setGateway} />
          <RandomKycButton label="Next KYC" gatewayQuery={gatewayQuery} />
        </Space>
      </Flex>
      {list.error && !list.data && (
        <LoadErrorResult message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      )}
      {!list.data && !list.error && <Spin size="large" style={{ display: 'block', margin: '64px auto' }} />}
      {list.data && !record && <Alert type="info" showIcon title="This user has not submitted KYC" />}
      {record && (
        <>
          <Flex gap={8} align="center" wrap>
            <Typography.Text>User:</Typography.Text>
            <Link to={`/user-profile/${record.userId._id}`}>{record.userId.username}</Link>
            <Typography.Text type="secondary">{record.userId.email}</Typography.Text>
          </Flex>
          {record.claimedBy && <HoldBanner r={record} mine={mine} canTakeOver={permissions.includes('kyc.takeover')} />}
          <LevelOne r={record} />
          <LevelTwo
            r={record}
            gateway={gateway}
            permissions={permissions}
            heldByOther={!!record.claimedBy && !mine}
            onDecided={() => void navigate(`/manage-kyc/${id}${gatewayQuery}`, { replace: true })}
          />
          <KycNotes kycId={record._id} canWrite={permissions.includes('notes.write')} />
          <History userId={record.userId._id} />
        </>
      )}
    </Flex>
  );
};
