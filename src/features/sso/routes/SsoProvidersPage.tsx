import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAccess } from '@/lib/access';
import type { Role } from '@/api/schemas/roles';
import { isOidcProvider, isSamlProvider, ssoProviderTypeLabel, type SsoProvider } from '@/api/schemas/sso';
import { KnownLabel } from '@/components/KnownLabel';
import { CopyButton } from '@/components/CopyButton';
import { useNotice } from '@/components/notice';
import { PageHeader } from '@/components/PageHeader';
import { RestrictedNote } from '@/components/RestrictedNote';
import { DataTable, useTableState, type Column, type TableSpec } from '@/components/table';
import { useRoles } from '@/api/roles';
import { useSsoProviders } from '@/api/sso-providers';
import { DeleteProviderDialog } from '@/features/sso/components/DeleteProviderDialog';
import { OidcProviderDialog } from '@/features/sso/components/OidcProviderDialog';
import { SamlProviderDialog } from '@/features/sso/components/SamlProviderDialog';
import { deletedNotice, describeAutoProvision } from '@/features/sso/form';
import { samlDetailPath } from '@/features/sso/paths';

/** The delete dialog keeps what the user chose to delete, so it stays open while the list refreshes without it. */
type Dialog =
  | { kind: 'new-saml' }
  | { kind: 'new-oidc' }
  | { kind: 'edit'; id: number }
  | { kind: 'delete'; provider: { id: number; name: string; samlProviderId?: number } };

/** Sorted in the browser (the list comes whole): by name or type; unsorted, the server's order (oldest first). */
const SPEC: TableSpec = { sortable: ['name', 'type'], legacy: true };

/** A SAML provider has a page (its service-provider URIs); an OIDC provider's whole setup is in its row. */
const providerHref = (p: SsoProvider) => (isSamlProvider(p) && p.details ? samlDetailPath(p.details.id) : null);

/**
 * Only SAML and OIDC providers can be edited here: each edit dialog sends its own type's fields, so
 * editing a provider of a type this console does not know would rewrite it as one it does know.
 */
const editable = (p: SsoProvider) => isSamlProvider(p) || isOidcProvider(p);

function providerColumns(roles: readonly Role[] | undefined): Column<SsoProvider>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      sortable: true,
      rowHeader: true,
      sortValue: (p) => p.name,
      // An OIDC provider's issuer and client ID under its name: all there is to see of it.
      cell: (p) =>
        isOidcProvider(p) && p.details ? (
          <>
            {p.name}
            <span className="line" title={p.details.issuer}>
              Issuer: {p.details.issuer}
            </span>
            <span className="line" title={p.details.client_id}>
              Client ID: {p.details.client_id}
            </span>
          </>
        ) : (
          p.name
        ),
    },
    {
      id: 'type',
      header: 'Type',
      sortable: true,
      sortValue: (p) => p.type,
      cell: (p) => (
        <KnownLabel
          label={ssoProviderTypeLabel(p.type)}
          chip={{ size: 'small', color: isSamlProvider(p) ? 'primary' : 'secondary', variant: 'outlined' }}
        />
      ),
    },
    {
      id: 'login_uri',
      header: 'Sign-in URL',
      // Below 1200 px there is no room for it beside the rest: each SAML provider's page shows it too.
      hideBelow: 'lg',
      cell: (p) =>
        p.login_uri ? (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
            <span className="uri" title={p.login_uri}>
              <bdi>{p.login_uri}</bdi>
            </span>
            <CopyButton value={p.login_uri} label={`Copy the sign-in URL of ${p.name}`} />
          </Stack>
        ) : (
          <span className="muted">Not reported</span>
        ),
    },
    { id: 'auto_provision', header: 'Auto-provisioning', cell: (p) => describeAutoProvision(p, roles) },
  ];
}

/** Sign-in URLs and OIDC details cut with an ellipsis (whole in the title and the URL's copy button), wrapped on phones. */
const clipped = { display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
const cellSx = {
  '& .line': { ...clipped, maxWidth: 260, color: 'text.secondary', fontWeight: 400 },
  // Cut at the start, so the provider's own part (…/sso/okta/login) stays in view.
  '& .uri': {
    ...clipped,
    maxWidth: 240,
    direction: 'rtl',
    textAlign: 'left',
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    fontSize: '0.8rem',
  },
  '@media (max-width: 599.95px)': {
    '& .uri, & .line': { maxWidth: 'none', whiteSpace: 'normal', overflowWrap: 'anywhere', direction: 'ltr' },
  },
} as const;

export default function SsoProvidersPage() {
  const providers = useSsoProviders();
  const roles = useRoles();
  const manage = useAccess('POST', '/api/v2/sso-providers/saml');
  const canManage = manage.allowed;
  const navigate = useNavigate();
  const table = useTableState(SPEC);
  const columns = useMemo(() => providerColumns(roles.data), [roles.data]);
  // A SAML provider's page needs auth.ManageProviders: the rows link to it only for people who may open it.
  const details = useAccess('GET', '/api/v2/saml/providers/{saml_provider_id}');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { notify } = useNotice();

  // The SAML provider page is where a click or a new provider leads next: load its code ahead.
  useEffect(() => {
    void import('./SamlProviderPage');
  }, []);

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
        description="Identity providers users sign in through. A SAML provider is set up from the identity provider's metadata file and has a page with the URIs to paste into it; an OIDC provider needs only an issuer URL and a client ID, shown in its row."
        actions={providers.data?.length === 0 ? null : createButtons}
      />

      <RestrictedNote missing={manage.missing} canDo="You can look at the SSO providers" cannot="add, change or delete them" />
      <Box sx={cellSx}>
        <DataTable
          label="SSO providers"
          noun="SSO providers"
          mode="client"
          columns={columns}
          table={table}
          query={providers}
          rows={providers.data}
          rowKey={(p) => p.id}
          rowHref={details.allowed ? providerHref : undefined}
          errorTitle="Could not load the SSO providers"
          loadingLabel="Loading SSO providers…"
          empty={{
            title: 'No SSO providers yet',
            text: canManage
              ? 'Add a SAML or OIDC identity provider so users can sign in with your organisation\u2019s accounts.'
              : 'An administrator can add SAML or OIDC identity providers here.',
            action: createButtons && (
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
                {createButtons}
              </Stack>
            ),
          }}
          actions={
            canManage
              ? (p) => (
                  <>
                    {editable(p) ? (
                      <Tooltip title={`Edit ${p.name}`}>
                        <IconButton aria-label={`Edit ${p.name}`} onClick={() => setDialog({ kind: 'edit', id: p.id })}>
                          <EditIcon />
                        </IconButton>
                      </Tooltip>
                    ) : (
                      <Tooltip
                        title={`This console cannot edit ${p.type || 'untyped'} providers: it shows them as the server sent them`}
                      >
                        <span className="muted">Not editable here</span>
                      </Tooltip>
                    )}
                    <Tooltip title={`Delete ${p.name}`}>
                      <IconButton
                        aria-label={`Delete ${p.name}`}
                        color="error"
                        onClick={() =>
                          setDialog({
                            kind: 'delete',
                            provider: {
                              id: p.id,
                              name: p.name,
                              samlProviderId: isSamlProvider(p) ? p.details?.id : undefined,
                            },
                          })
                        }
                      >
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  </>
                )
              : undefined
          }
        />
      </Box>

      {dialog?.kind === 'new-saml' && (
        <SamlProviderDialog
          onClose={() => setDialog(null)}
          onSaved={(record) => {
            notify(`SAML provider ${record.name} created. Paste the service-provider URIs below into your identity provider.`);
            navigate(samlDetailPath(record.id));
          }}
        />
      )}
      {dialog?.kind === 'new-oidc' && (
        <OidcProviderDialog onClose={() => setDialog(null)} onSaved={(name) => notify(`OIDC provider ${name} created.`)} />
      )}
      {dialog?.kind === 'edit' && target && isSamlProvider(target) && (
        <SamlProviderDialog
          provider={target}
          onClose={() => setDialog(null)}
          onSaved={(record) => notify(`SAML provider ${record.name} saved.`)}
        />
      )}
      {dialog?.kind === 'edit' && target && isOidcProvider(target) && (
        <OidcProviderDialog
          provider={target}
          onClose={() => setDialog(null)}
          onSaved={(name) => notify(`OIDC provider ${name} saved.`)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteProviderDialog
          provider={dialog.provider}
          onClose={() => setDialog(null)}
          onDeleted={({ name, affectedUsers }) => {
            setDialog(null);
            notify(deletedNotice(name, affectedUsers.length));
          }}
        />
      )}
    </>
  );
}
