import {
  Alert,
  Chip,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useRoles } from '../api/list-roles';
import { useUsers } from '../api/list-users';

/** GET /api/v2/roles: every role, what it is for, how many permissions it grants and how many users hold it. */
export default function RolesPage() {
  const roles = useRoles();
  const users = useUsers();
  const holders = useMemo(() => {
    const counts = new Map<number, number>();
    for (const u of users.data ?? []) for (const r of u.roles) counts.set(r.id, (counts.get(r.id) ?? 0) + 1);
    return counts;
  }, [users.data]);

  useEffect(() => {
    document.title = 'Roles · Admin Console';
  }, []);

  return (
    <>
      <PageHeader
        title="Roles"
        description="What each role allows. Roles are fixed by the service; give them to users from the Users page."
      />
      {roles.isPending ? (
        <LoadingState label="Loading roles…" />
      ) : roles.isError ? (
        <ErrorState error={roles.error} title="Could not load the roles" onRetry={() => void roles.refetch()} />
      ) : roles.data.length === 0 ? (
        <EmptyState title="No roles">The service defines no roles.</EmptyState>
      ) : (
        <>
          {users.isError && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              How many users hold each role could not be counted: the users could not be loaded.
            </Alert>
          )}
          <Paper variant="outlined">
            <TableContainer>
              <Table aria-label="Roles">
                <TableHead>
                  <TableRow>
                    <TableCell>Role</TableCell>
                    <TableCell>Description</TableCell>
                    <TableCell align="right">Permissions</TableCell>
                    <TableCell align="right">Users</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {roles.data.map((r) => (
                    <TableRow key={r.id} hover>
                      <TableCell>
                        <Link component={RouterLink} to={`/roles/${r.id}`} underline="hover" sx={{ fontWeight: 500 }}>
                          {r.name}
                        </Link>
                      </TableCell>
                      <TableCell>
                        <Typography variant="body2">{r.description || '—'}</Typography>
                      </TableCell>
                      <TableCell align="right">
                        <Chip
                          size="small"
                          variant="outlined"
                          label={r.permissions.length}
                          aria-label={`${r.permissions.length} permissions`}
                        />
                      </TableCell>
                      <TableCell align="right">
                        {users.data ? (
                          <Link
                            component={RouterLink}
                            to={`/users?role=${r.id}`}
                            underline="hover"
                            aria-label={`${holders.get(r.id) ?? 0} users with the ${r.name} role`}
                          >
                            {holders.get(r.id) ?? 0}
                          </Link>
                        ) : users.isPending ? (
                          '…'
                        ) : (
                          '—'
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Paper>
        </>
      )}
    </>
  );
}
