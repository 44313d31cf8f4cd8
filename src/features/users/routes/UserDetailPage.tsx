import EditIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useNavigate } from 'react-router-dom';
import { userOps } from '@/api/operations/users';
import { useAccess } from '@/lib/access';
import { useRouteId, uuidId } from '@/lib/route-id';
import type { User } from '@/api/schemas/users';
import { DetailFrame } from '@/components/DetailFrame';
import { PageHeader } from '@/components/PageHeader';
import { DateTime } from '@/components/time';
import { RestrictedNote } from '@/components/RestrictedNote';
import { useSelf } from '@/api/self';
import { useUser } from '@/features/users/api/get-user';
import { Field, None, Section } from '@/components/detail-section';
import { UserActionsMenu, useUserActionDialogs } from '@/features/users/components/user-actions';
import { emailOf, userActions, userName } from '@/features/users/components/user-display';
import { AccessSection, SignInSection, UserIdField } from '@/features/users/components/user-fields';

export default function UserDetailPage() {
  const id = useRouteId('userId', uuidId);
  const user = useUser(id.ok ? id.id : '', { enabled: id.ok });
  return (
    <DetailFrame list={{ label: 'Users', to: '/users' }} noun="user" title="User" id={id} query={user}>
      {(u) => <UserDetail user={u} />}
    </DetailFrame>
  );
}

function UserDetail({ user: u }: { user: User }) {
  const self = useSelf();
  const edit = useAccess(userOps.updateUser, { self: false });
  const navigate = useNavigate();
  const dialogs = useUserActionDialogs({
    self: self.data,
    // The notice ("Deleted …") goes with the navigation.
    onDeleted: () => navigate('/users', { replace: true }),
  });
  const name = userName(u);
  const actions = userActions(u, self.data, { includeView: false });
  const menuActions = actions.filter((a) => a.id !== 'edit');
  const canEdit = actions.some((a) => a.id === 'edit');
  return (
    <>
      <PageHeader
        title={name}
        crumbs={[{ label: 'Users', to: '/users' }, { label: name }]}
        description={
          <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{u.principal_name}</span>
            <Chip
              component="span"
              size="small"
              label={u.is_disabled ? 'Disabled' : 'Enabled'}
              color={u.is_disabled ? 'default' : 'success'}
              variant={u.is_disabled ? 'outlined' : 'filled'}
            />
            {u.id === self.data?.id && <Chip component="span" size="small" label="You" />}
          </Stack>
        }
        actions={
          <>
            {canEdit && (
              <Button variant="contained" startIcon={<EditIcon />} onClick={() => dialogs.start('edit', u)}>
                Edit user
              </Button>
            )}
            {menuActions.length > 0 && (
              <UserActionsMenu user={u} actions={menuActions} onAction={dialogs.start} variant="button" />
            )}
          </>
        }
      />
      {u.id !== self.data?.id && (
        <RestrictedNote missing={edit.missing} canDo="You can look at this user" cannot="change users" />
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title="Profile">
            <Field label="First name">{u.first_name.valid && u.first_name.string ? u.first_name.string : <None />}</Field>
            <Field label="Last name">{u.last_name.valid && u.last_name.string ? u.last_name.string : <None />}</Field>
            <Field label="Email address">{emailOf(u) ?? <None />}</Field>
            <Field label="Principal name">{u.principal_name}</Field>
            <UserIdField id={u.id} />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <AccessSection user={u} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <SignInSection user={u} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title="Record">
            <Field label="Created">
              <DateTime value={u.created_at} fallback="Never" />
            </Field>
            <Field label="Last updated">
              <DateTime value={u.updated_at} fallback="Never" />
            </Field>
            <Field label="EULA accepted">{u.eula_accepted ? 'Yes' : 'No'}</Field>
          </Section>
        </Grid>
      </Grid>
      {dialogs.element}
    </>
  );
}
