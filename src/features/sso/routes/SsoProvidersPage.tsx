import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import {
  Alert,
  Button,
  Chip,
  IconButton,
  Link,
  Paper,
  Snackbar,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { can, Permission } from '../../../api/permissions';
import type { SsoProvider } from '../../../api/schemas/sso';
import { CopyButton } from '../../../components/CopyButton';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useSelf } from '../../auth/api/get-self';
import { useRoles } from '../../users/api/list-roles';
import { useSsoProviders } from '../api/list-sso-providers';
import { DeleteProviderDialog } from '../components/DeleteProviderDialog';
import { OidcProviderDialog } from '../components/OidcProviderDialog';
import { SamlProviderDialog } from '../components/SamlProviderDialog';
import { deletedNotice, describeAutoProvision } from '../form';
import { samlDetailPath } from '../paths';

type SortColumn = 'name' | 'type';
/** The delete dialog keeps what the user chose to delete, so it stays open while the list refreshes without it. */
type Dialog =
  | { kind: 'new-saml' }
  | { kind: 'new-oidc' }
  | { kind: 'edit'; id: number }
  | { kind: 'delete'; provider: { id: number; name: string; samlProviderId?: number } };

/** `?sort=name`, `?sort=-type`; anything else is the server's order (oldest first). */
function readSort(raw: string | null): { column: SortColumn; descending: boolean } | null {
  if (!raw) return null;
  const descending = raw.startsWith('-');
  const column = descending ? raw.slice(1) : raw;
  return column === 'name' || column === 'type' ? { column, descending } : null;
}

export default function SsoProvidersPage() {
  const providers = useSsoProviders();
  const roles = useRoles();
  const self = useSelf();
  const canManage = can(self.data, Permission.AuthManageProviders);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort');
  const sort = useMemo(() => readSort(sortParam), [sortParam]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const location = useLocation();
  // A page that deleted a provider and came back here passes what to say.
  const [notice, setNotice] = useState<string | null>(() => (location.state as { notice?: string } | null)?.notice ?? null);
  // Said once: drop it from the history entry so a reload does not repeat it.
  const hasStateNotice = Boolean((location.state as { notice?: string } | null)?.notice);
  useEffect(() => {
    if (hasStateNotice) navigate({ search: location.search }, { replace: true, state: null });
  }, [hasStateNotice, location.search, navigate]);

  // The SAML provider page is where a click or a new provider leads next: load its code ahead.
  useEffect(() => {
    void import('./SamlProviderPage');
  }, []);

  const rows = useMemo(() => {
    const list = [...(providers.data ?? [])];
    if (sort) {
      list.sort((a, b) => {
        const d = a[sort.column].localeCompare(b[sort.column], undefined, { sensitivity: 'base' }) || a.id - b.id;
        return sort.descending ? -d : d;
      });
    }
    return list;
  }, [providers.data, sort]);

  const setSort = (column: SortColumn) => {
    const next = new URLSearchParams(params);
    next.set('sort', sort?.column === column && !sort.descending ? `-${column}` : column);
    setParams(next, { replace: true });
  };

  const target = dialog?.kind === 'edit' ? providers.data?.find((p) => p.id === dialog.id) : undefined;

  const createButtons = canManage ? (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'new-saml' })}>
        New SAML provider
      </Button>
      <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'new-oidc' })}>
        New OIDC provider
      </Button>
    </>
  ) : null;

  return (
    <>
      <PageHeader
        title="SSO providers"
        description="Identity providers users sign in through: SAML providers are set up from the identity provider's metadata file, OIDC providers from its issuer URL and a client ID."
        actions={providers.data?.length === 0 ? null : createButtons}
      />

      {providers.isPending ? (
        <LoadingState label="Loading SSO providers…" />
      ) : providers.isError ? (
        <ErrorState error={providers.error} title="Could not load the SSO providers" onRetry={() => void providers.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState
          title="No SSO providers yet"
          action={
            createButtons && (
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
                {createButtons}
              </Stack>
            )
          }
        >
          {canManage
            ? 'Add a SAML or OIDC identity provider so users can sign in with your organisation\u2019s accounts.'
            : 'An administrator can add SAML or OIDC identity providers here.'}
        </EmptyState>
      ) : (
        <TableContainer component={Paper}>
          <Table aria-label="SSO providers">
            <TableHead>
              <TableRow>
                <TableCell sortDirection={sort?.column === 'name' ? (sort.descending ? 'desc' : 'asc') : false}>
                  <TableSortLabel
                    active={sort?.column === 'name'}
                    direction={sort?.column === 'name' && sort.descending ? 'desc' : 'asc'}
                    onClick={() => setSort('name')}
                  >
                    Name
                  </TableSortLabel>
                </TableCell>
                <TableCell sortDirection={sort?.column === 'type' ? (sort.descending ? 'desc' : 'asc') : false}>
                  <TableSortLabel
                    active={sort?.column === 'type'}
                    direction={sort?.column === 'type' && sort.descending ? 'desc' : 'asc'}
                    onClick={() => setSort('type')}
                  >
                    Type
                  </TableSortLabel>
                </TableCell>
                <TableCell>Sign-in URL</TableCell>
                <TableCell>Auto-provisioning</TableCell>
                {canManage && <TableCell align="right">Actions</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((p) => (
                <ProviderRow
                  key={p.id}
                  provider={p}
                  autoProvision={describeAutoProvision(p, roles.data)}
                  canManage={canManage}
                  onEdit={() => setDialog({ kind: 'edit', id: p.id })}
                  onDelete={() =>
                    setDialog({
                      kind: 'delete',
                      provider: { id: p.id, name: p.name, samlProviderId: p.type === 'SAML' ? p.details?.id : undefined },
                    })
                  }
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      {dialog?.kind === 'new-saml' && (
        <SamlProviderDialog
          onClose={() => setDialog(null)}
          onSaved={(record) => navigate(samlDetailPath(record.id), { state: { created: true } })}
        />
      )}
      {dialog?.kind === 'new-oidc' && (
        <OidcProviderDialog onClose={() => setDialog(null)} onSaved={(name) => setNotice(`OIDC provider ${name} created.`)} />
      )}
      {dialog?.kind === 'edit' && target?.type === 'SAML' && (
        <SamlProviderDialog
          provider={target}
          onClose={() => setDialog(null)}
          onSaved={(record) => setNotice(`SAML provider ${record.name} saved.`)}
        />
      )}
      {dialog?.kind === 'edit' && target?.type === 'OIDC' && (
        <OidcProviderDialog
          provider={target}
          onClose={() => setDialog(null)}
          onSaved={(name) => setNotice(`OIDC provider ${name} saved.`)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteProviderDialog
          provider={dialog.provider}
          onClose={() => setDialog(null)}
          onDeleted={({ name, affectedUsers }) => {
            setDialog(null);
            setNotice(deletedNotice(name, affectedUsers.length));
          }}
        />
      )}

      <Snackbar
        open={notice !== null}
        autoHideDuration={6000}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="success" variant="filled" onClose={() => setNotice(null)} sx={{ width: '100%' }}>
          {notice}
        </Alert>
      </Snackbar>
    </>
  );
}

function ProviderRow({
  provider: p,
  autoProvision,
  canManage,
  onEdit,
  onDelete,
}: {
  provider: SsoProvider;
  autoProvision: string;
  canManage: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const samlId = p.type === 'SAML' ? p.details?.id : undefined;
  return (
    <TableRow hover>
      <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
        {samlId !== undefined ? (
          <Link component={RouterLink} to={samlDetailPath(samlId)} sx={{ fontWeight: 600 }}>
            {p.name}
          </Link>
        ) : (
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {p.name}
          </Typography>
        )}
        {p.type === 'OIDC' && p.details && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              Issuer: {p.details.issuer}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              Client ID: {p.details.client_id}
            </Typography>
          </>
        )}
      </TableCell>
      <TableCell>
        <Chip size="small" label={p.type} color={p.type === 'SAML' ? 'primary' : 'secondary'} variant="outlined" />
      </TableCell>
      <TableCell sx={{ minWidth: 220 }}>
        {p.login_uri ? (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {p.login_uri}
            </Typography>
            <CopyButton value={p.login_uri} label={`Copy the sign-in URL of ${p.name}`} />
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Not reported
          </Typography>
        )}
      </TableCell>
      <TableCell>{autoProvision}</TableCell>
      {canManage && (
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          <Tooltip title={`Edit ${p.name}`}>
            <IconButton aria-label={`Edit ${p.name}`} onClick={onEdit}>
              <EditIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={`Delete ${p.name}`}>
            <IconButton aria-label={`Delete ${p.name}`} onClick={onDelete} color="error">
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        </TableCell>
      )}
    </TableRow>
  );
}
