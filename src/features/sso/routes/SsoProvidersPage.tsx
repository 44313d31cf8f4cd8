import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ssoOps } from '@/api/operations/sso';
import { useAccess } from '@/lib/access';
import { isOidcProvider, isSamlProvider } from '@/api/schemas/sso';
import { useNotice } from '@/components/notice';
import { PageHeader } from '@/components/PageHeader';
import { RestrictedNote } from '@/components/RestrictedNote';
import { DataTable, useTableState, TableProvider } from '@/components/table';
import { useRoles } from '@/api/roles';
import { useSsoProviders } from '@/api/sso-providers';
import { DeleteProviderDialog } from '@/features/sso/components/DeleteProviderDialog';
import { OidcProviderDialog } from '@/features/sso/components/OidcProviderDialog';
import {
  PROVIDER_CELLS_SX,
  providerColumns,
  providerHref,
  ProviderRowActions,
  SSO_PROVIDERS_TABLE,
} from '@/features/sso/components/provider-columns';
import { SamlProviderDialog } from '@/features/sso/components/SamlProviderDialog';
import { deletedNotice } from '@/features/sso/provider-form';
import { samlDetailPath } from '@/features/sso/paths';

/** The delete dialog keeps what the user chose to delete, so it stays open while the list refreshes without it. */
type Dialog =
  | { kind: 'new-saml' }
  | { kind: 'new-oidc' }
  | { kind: 'edit'; id: number }
  | { kind: 'delete'; provider: { id: number; name: string; samlProviderId?: number } };

export default function SsoProvidersPage() {
  const providers = useSsoProviders();
  const roles = useRoles();
  const manage = useAccess(ssoOps.createSSOSAMLProvider);
  const canManage = manage.allowed;
  const navigate = useNavigate();
  const table = useTableState(SSO_PROVIDERS_TABLE);
  const columns = useMemo(() => providerColumns(roles.data), [roles.data]);
  // A SAML provider's page needs auth.ManageProviders: the rows link to it only for people who may open it.
  const details = useAccess(ssoOps.getSamlProvider);
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
    <TableProvider table={table}>
      <PageHeader
        title="SSO providers"
        description="Identity providers users sign in through. A SAML provider is set up from the identity provider's metadata file and has a page with the URIs to paste into it; an OIDC provider needs only an issuer URL and a client ID, shown in its row."
        actions={providers.data?.length === 0 ? null : createButtons}
      />

      <RestrictedNote missing={manage.missing} canDo="You can look at the SSO providers" cannot="add, change or delete them" />
      <Box sx={PROVIDER_CELLS_SX}>
        <DataTable
          label="SSO providers"
          noun="SSO providers"
          mode="client"
          columns={columns}
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
                  <ProviderRowActions
                    provider={p}
                    onEdit={() => setDialog({ kind: 'edit', id: p.id })}
                    onDelete={() =>
                      setDialog({
                        kind: 'delete',
                        provider: { id: p.id, name: p.name, samlProviderId: isSamlProvider(p) ? p.details?.id : undefined },
                      })
                    }
                  />
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
    </TableProvider>
  );
}
