import { Link, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { isHttpStatus } from '../../../api/errors';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useRole } from '../api/get-role';

/** GET /api/v2/roles/{role_id}: the role and its permissions (authority, name). */
export default function RoleDetailPage() {
  const { roleId = '' } = useParams();
  const id = /^\d+$/.test(roleId) ? Number(roleId) : NaN;
  const role = useRole(Number.isNaN(id) ? 0 : id, !Number.isNaN(id));
  const name = role.data?.name ?? 'Role';

  useEffect(() => {
    document.title = `${name} · Roles · Admin Console`;
  }, [name]);

  if (Number.isNaN(id)) {
    return (
      <>
        <PageHeader title="Role" crumbs={[{ label: 'Roles', to: '/roles' }, { label: 'Role' }]} />
        <EmptyState
          title="No such role"
          action={
            <Link component={RouterLink} to="/roles">
              Back to the roles
            </Link>
          }
        >
          &quot;{roleId}&quot; is not a role ID.
        </EmptyState>
      </>
    );
  }
  if (role.isPending) return <LoadingState label="Loading the role…" />;
  if (role.isError) {
    return (
      <>
        <PageHeader title="Role" crumbs={[{ label: 'Roles', to: '/roles' }, { label: 'Role' }]} />
        <ErrorState
          error={role.error}
          title="Could not load the role"
          onRetry={isHttpStatus(role.error, 404) ? undefined : () => void role.refetch()}
        >
          <Link component={RouterLink} to="/roles" sx={{ display: 'inline-block', mt: 1 }}>
            Back to the roles
          </Link>
        </ErrorState>
      </>
    );
  }
  const r = role.data;
  const permissions = [...r.permissions].sort((a, b) => a.authority.localeCompare(b.authority) || a.name.localeCompare(b.name));
  return (
    <>
      <PageHeader
        title={r.name}
        crumbs={[{ label: 'Roles', to: '/roles' }, { label: r.name }]}
        description={r.description}
        actions={
          <Link component={RouterLink} to={`/users?role=${r.id}`} underline="hover" sx={{ alignSelf: 'center' }}>
            Users with this role
          </Link>
        }
      />
      <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }} id="permissions-heading">
        Permissions ({permissions.length})
      </Typography>
      {permissions.length === 0 ? (
        <EmptyState title="No permissions">Users with only this role can sign in but do nothing.</EmptyState>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-labelledby="permissions-heading">
              <TableHead>
                <TableRow>
                  <TableCell>Authority</TableCell>
                  <TableCell>Name</TableCell>
                  <TableCell>Permission</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {permissions.map((p) => (
                  <TableRow key={p.id}>
                    <TableCell>{p.authority}</TableCell>
                    <TableCell>{p.name}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', color: 'text.secondary' }}>
                      {p.authority}.{p.name}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
    </>
  );
}
