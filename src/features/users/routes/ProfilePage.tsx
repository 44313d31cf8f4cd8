import Grid from '@mui/material/Grid';
import { useSelf } from '@/api/self';
import { PageHeader } from '@/components/PageHeader';
import { Section } from '@/components/detail-section';
import { ErrorState, LoadingState } from '@/components/states';
import { ProfileRolesSection, ProfileSection, ProfileSignInSection } from '@/features/users/components/profile-details';
import { TokenPanel } from '@/features/users/components/TokenPanel';

/**
 * /profile: the signed-in person's own account (GET /api/v2/self, which everyone may read): who they are,
 * their roles and what those allow, how they sign in (SSO, password, MFA) and their API tokens. What
 * their role does not allow is said with a RestrictedNote, and not called.
 */
export default function ProfilePage() {
  const self = useSelf();

  if (self.isPending) return <LoadingState label="Loading your account…" />;
  if (self.isError)
    return <ErrorState error={self.error} title="Could not load your account" onRetry={() => void self.refetch()} />;

  const me = self.data;
  return (
    <>
      <PageHeader title="My profile" description={`Signed in as ${me.principal_name}`} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <ProfileSection me={me} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ProfileSignInSection me={me} />
        </Grid>
        <Grid size={12}>
          <ProfileRolesSection me={me} />
        </Grid>
        <Grid size={12}>
          <Section title="API tokens" plain>
            <TokenPanel user={null} />
          </Section>
        </Grid>
      </Grid>
    </>
  );
}
