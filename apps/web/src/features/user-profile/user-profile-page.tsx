import { lazy, Suspense } from 'react';
import { Flex, Spin } from 'antd';
import { useParams } from 'react-router';
import { isPrivilegedRole, isSuperAdmin } from '@vaultdesk/contract';
import { ApiError, errorMessage } from '../../api/client';
import { useMe } from '../../api/me';
import { LoadErrorResult, NotFoundResult } from '../../components/status-results';
import { useSearchDetails } from './api/get-search-details';
import { ActivitiesCard } from './components/activities-card';
import { BalancesCard } from './components/balances-card';
import { PlansCard } from './components/plans-card';
import { ProfileDetailsCard } from './components/profile-details-card';
import { ReferralsCard } from './components/referrals-card';
import { SavingsTransactionsCard } from './components/savings-transactions-card';
import { WalletsCard } from './components/wallets-card';
import { WalletTransactionsCard } from './components/wallet-transactions-card';
import { useProfileSearchParams } from './use-profile-search-params';
import { Card } from '../../components/light-card';
import { Typography } from '../../components/typography';

// The notes load after the page's first view (the profile's first load sits at its budget).
const UserNotesCard = lazy(() => import('./components/user-notes-card').then((m) => ({ default: m.UserNotesCard })));

export const UserProfilePage = () => {
  const { id = '' } = useParams();
  const me = useMe();
  const role = me.data?.authRole.name;
  const superAdmin = isSuperAdmin(role);
  const seesDevices = !!me.data?.authRole.permissions.includes('users.devices');
  const details = useSearchDetails(id);
  const params = useProfileSearchParams();

  const title = (
    <Typography.Title level={3} style={{ margin: 0 }}>
      User Profile
    </Typography.Title>
  );
  if (details.error && !details.data) {
    const status = details.error instanceof ApiError ? details.error.status : 0;
    if (status === 404 || status === 400) return <NotFoundResult />;
    return (
      <Flex vertical gap={16}>
        {title}
        <LoadErrorResult message={errorMessage(details.error)} onRetry={() => void details.refetch()} />
      </Flex>
    );
  }
  if (!details.data)
    return (
      <Flex vertical gap={16}>
        {title}
        <Spin size="large" style={{ display: 'block', margin: '64px auto' }} />
      </Flex>
    );
  const data = details.data;

  return (
    <Flex vertical gap={16}>
      {title}
      <ProfileDetailsCard details={data} showDevices={seesDevices} />
      <BalancesCard details={data} loading={details.isFetching} showRemit={superAdmin} />
      <WalletsCard details={data} />
      <ActivitiesCard activities={data.userActivities} showDevices={seesDevices} />
      <Suspense fallback={<Card title="Notes" loading />}>
        <UserNotesCard
          userId={id}
          page={params.notesPage}
          onPage={(p) => params.set({ ntPage: p })}
          canWrite={!!me.data?.authRole.permissions.includes('notes.write')}
        />
      </Suspense>
      <ReferralsCard
        userId={id}
        username={data.profile.username}
        start={params.referralStart}
        end={params.referralEnd}
        page={params.referralPage}
        onChange={params.set}
      />
      <WalletTransactionsCard userId={id} page={params.walletPage} onPage={(p) => params.set({ wtPage: p })} />
      <SavingsTransactionsCard userId={id} page={params.savingsPage} onPage={(p) => params.set({ stPage: p })} />
      <PlansCard userId={id} canOpenPlan={isPrivilegedRole(role)} />
    </Flex>
  );
};
