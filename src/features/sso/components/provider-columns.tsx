import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { Role } from '@/api/schemas/roles';
import { isOidcProvider, isSamlProvider, ssoProviderTypeLabel, type SsoProvider } from '@/api/schemas/sso';
import { CopyButton } from '@/components/CopyButton';
import { KnownLabel } from '@/components/KnownLabel';
import type { Column, TableSpec } from '@/components/table';
import { describeAutoProvision } from '@/features/sso/provider-form';
import { samlDetailPath } from '@/features/sso/paths';

/** Sorted in the browser (the list comes whole): by name or type; unsorted, the server's order (oldest first). */
export const SSO_PROVIDERS_TABLE: TableSpec = { sortable: ['name', 'type'] };

/** A SAML provider has a page (its service-provider URIs); an OIDC provider's whole setup is in its row. */
export const providerHref = (p: SsoProvider) => (isSamlProvider(p) && p.details ? samlDetailPath(p.details.id) : null);

/**
 * Only SAML and OIDC providers can be edited here: each edit dialog sends its own type's fields, so
 * editing a provider of a type this console does not know would rewrite it as one it does know.
 */
const editable = (p: SsoProvider) => isSamlProvider(p) || isOidcProvider(p);

/** The list's columns: name (with an OIDC provider's issuer and client ID), type, sign-in URL, auto-provisioning. */
export function providerColumns(roles: readonly Role[] | undefined): Column<SsoProvider>[] {
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
export const PROVIDER_CELLS_SX = {
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

/** A row's buttons for someone who may manage providers: edit (SAML and OIDC only) and delete. */
export function ProviderRowActions({
  provider,
  onEdit,
  onDelete,
}: {
  provider: SsoProvider;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      {editable(provider) ? (
        <Tooltip title={`Edit ${provider.name}`}>
          <IconButton aria-label={`Edit ${provider.name}`} onClick={onEdit}>
            <EditIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Tooltip
          title={`This console cannot edit ${provider.type || 'untyped'} providers: it shows them as the server sent them`}
        >
          <span className="muted">Not editable here</span>
        </Tooltip>
      )}
      <Tooltip title={`Delete ${provider.name}`}>
        <IconButton aria-label={`Delete ${provider.name}`} color="error" onClick={onDelete}>
          <DeleteIcon />
        </IconButton>
      </Tooltip>
    </>
  );
}
