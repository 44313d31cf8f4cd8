import Grid from '@mui/material/Grid';
import { userName } from '@/lib/user-name';
import { useSelf } from '@/api/self';
import { userOps } from '@/api/operations/users';
import { useAccess } from '@/lib/access';
import { useVersion } from '@/api/version';
import { useCompleteness } from '@/api/completeness';
import { useAvailableDomains } from '@/api/domains';
import { PageHeader } from '@/components/PageHeader';
import { useTableState, TableProvider } from '@/components/table';
import { useAssetGroupsSummary } from '@/features/home/api/count-asset-groups';
import { useSsoProviders } from '@/api/sso-providers';
import { useUsers } from '@/api/users';
import { useCompletenessTrend } from '@/features/home/completeness-trend';
import { summarizeSsoProviders, summarizeUsers } from '@/features/home/summaries';
import { useRecentUploads } from '@/features/home/api/recent-uploads';
import {
  AccountCard,
  AssetGroupsCard,
  CompletenessCard,
  RecentUploadsCard,
  SsoProvidersCard,
  UPLOADS_SPEC,
  UsersCard,
} from '@/features/home/components/home-cards';
import { assetGroupOps } from '@/api/operations/asset-groups';
import { graphOps } from '@/api/operations/graph';

/**
 * The signed-in user and role, collection completeness, counts of users,
 * asset groups and SSO providers, and the latest file uploads. Every card is
 * its own query, so they load in parallel and fail on their own.
 */
export default function HomePage() {
  const self = useSelf();
  const version = useVersion();
  // Only the cards the person may read (by the access table) are shown and fetched.
  const may = {
    completeness: useAccess(graphOps.getCompletenessStats).allowed,
    users: useAccess(userOps.listUsers).allowed,
    assetGroups: useAccess(assetGroupOps.listAssetGroups).allowed,
    domains: useAccess(graphOps.getAvailableDomains).allowed,
  };
  const completeness = useCompleteness({ enabled: may.completeness });
  const trend = useCompletenessTrend({ enabled: may.completeness && may.domains });
  // No domain in the graph: nothing was collected yet, or the database was cleared (the trend's list, read once).
  const domains = useAvailableDomains({ enabled: may.completeness && may.domains });
  const databaseEmpty = domains.data?.length === 0;
  const users = useUsers({ select: summarizeUsers, enabled: may.users });
  const assetGroups = useAssetGroupsSummary({ enabled: may.assetGroups });
  const sso = useSsoProviders({ select: summarizeSsoProviders });
  const uploads = useRecentUploads();
  const uploadsTable = useTableState(UPLOADS_SPEC);

  return (
    <>
      <PageHeader title="Home" description={self.data ? `Welcome, ${userName(self.data)}.` : undefined} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <AccountCard self={self} version={version} />
        </Grid>

        {may.completeness && (
          <Grid size={{ xs: 12, md: 6 }}>
            <CompletenessCard
              completeness={completeness}
              databaseEmpty={databaseEmpty}
              trend={trend}
              mayReadDomains={may.domains}
            />
          </Grid>
        )}

        {may.users && (
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <UsersCard users={users} />
          </Grid>
        )}
        {may.assetGroups && (
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <AssetGroupsCard assetGroups={assetGroups} />
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <SsoProvidersCard sso={sso} />
        </Grid>

        <Grid size={12}>
          <TableProvider table={uploadsTable}>
            <RecentUploadsCard uploads={uploads} />
          </TableProvider>
        </Grid>
      </Grid>
    </>
  );
}
