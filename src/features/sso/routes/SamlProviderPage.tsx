import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Alert, Box, Button, Link, Paper, Snackbar, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { isHttpStatus } from '../../../api/errors';
import { can, Permission } from '../../../api/permissions';
import type { SamlProvider } from '../../../api/schemas/sso';
import { CopyButton } from '../../../components/CopyButton';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorState, LoadingState } from '../../../components/states';
import { useSelf } from '../../auth/api/get-self';
import { useSamlProvider } from '../api/get-saml-provider';
import { useRoles } from '../../users/api/list-roles';
import { useSsoProviders } from '../api/list-sso-providers';
import { DeleteProviderDialog } from '../components/DeleteProviderDialog';
import { SamlProviderDialog } from '../components/SamlProviderDialog';
import { deletedNotice, describeAutoProvision } from '../form';
import { SSO_PROVIDERS_PATH } from '../paths';

/** Upstream looks for these attributes when a provider has no principal attribute mappings. */
const DEFAULT_PRINCIPAL_ATTRIBUTES = [
  'urn:oid:0.9.2342.19200300.100.1.3',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
];

const crumbs = (name: string) => [{ label: 'SSO providers', to: SSO_PROVIDERS_PATH }, { label: name }];

export default function SamlProviderPage() {
  const { samlProviderId = '' } = useParams();
  const id = /^\d+$/.test(samlProviderId) ? Number(samlProviderId) : null;
  if (id === null) {
    return (
      <>
        <PageHeader title="SAML provider not found" crumbs={crumbs('Not found')} />
        <Alert severity="error" role="alert">
          &quot;{samlProviderId}&quot; is not a SAML provider id.{' '}
          <Link component={RouterLink} to={SSO_PROVIDERS_PATH}>
            Back to the SSO providers
          </Link>
        </Alert>
      </>
    );
  }
  return <SamlProviderDetail id={id} />;
}

type Dialog = 'edit' | 'delete' | null;

function SamlProviderDetail({ id }: { id: number }) {
  const saml = useSamlProvider(id);
  const providers = useSsoProviders();
  const roles = useRoles();
  const self = useSelf();
  const canManage = can(self.data, Permission.AuthManageProviders);
  const navigate = useNavigate();
  const location = useLocation();
  const justCreated = Boolean((location.state as { created?: boolean } | null)?.created);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (saml.isPending) {
    return (
      <>
        <PageHeader title="SAML provider" crumbs={crumbs('Loading…')} />
        <LoadingState label="Loading the SAML provider…" />
      </>
    );
  }
  if (saml.isError) {
    const missing = isHttpStatus(saml.error, 404);
    return (
      <>
        <PageHeader
          title={missing ? 'SAML provider not found' : 'SAML provider'}
          crumbs={crumbs(missing ? 'Not found' : `SAML provider ${id}`)}
        />
        <ErrorState
          error={saml.error}
          title="Could not load the SAML provider"
          onRetry={missing ? undefined : () => void saml.refetch()}
        >
          <Link component={RouterLink} to={SSO_PROVIDERS_PATH} color="inherit" sx={{ display: 'inline-block', mt: 1 }}>
            Back to the SSO providers
          </Link>
        </ErrorState>
      </>
    );
  }

  const record = saml.data;
  const ssoProviderId = record.sso_provider_id.valid ? record.sso_provider_id.int32 : null;
  const entry = providers.data?.find((p) => p.id === ssoProviderId);

  const actions = canManage ? (
    <>
      <Button variant="contained" startIcon={<EditIcon />} onClick={() => setDialog('edit')} disabled={!entry}>
        Edit
      </Button>
      <Button
        variant="outlined"
        color="error"
        startIcon={<DeleteIcon />}
        onClick={() => setDialog('delete')}
        disabled={ssoProviderId === null}
      >
        Delete
      </Button>
    </>
  ) : null;

  return (
    <>
      <PageHeader title={record.name} description="SAML identity provider" crumbs={crumbs(record.name)} actions={actions} />
      {justCreated && (
        <Alert severity="success" sx={{ mb: 2 }}>
          SAML provider {record.name} created. Paste the service-provider URIs below into your identity provider.
        </Alert>
      )}

      <Stack spacing={2}>
        <Section title="Service provider" intro="Paste these into your identity provider's configuration for this application.">
          <Field label="Issuer (entity ID)">
            <Uri value={record.sp_issuer_uri} copyLabel="Copy the SP issuer URI" />
          </Field>
          <Field label="Sign-in (SSO) URL">
            <Uri value={record.sp_sso_uri} copyLabel="Copy the SP SSO URI" />
          </Field>
          <Field label="Metadata URL">
            <Uri value={record.sp_metadata_uri} copyLabel="Copy the SP metadata URI" />
          </Field>
          <Field label="Assertion consumer service (ACS) URL">
            <Uri value={record.sp_acs_uri} copyLabel="Copy the SP ACS URI" />
          </Field>
        </Section>

        <Section title="Identity provider" intro="Read from the metadata file uploaded for this provider.">
          <Field label="IdP issuer URI">
            <Uri value={record.idp_issuer_uri} copyLabel="Copy the IdP issuer URI" />
          </Field>
          <Field label="IdP SSO URI">
            <Uri value={record.idp_sso_uri} copyLabel="Copy the IdP SSO URI" />
          </Field>
          <Field label="Principal attribute mappings">
            <PrincipalMappings mappings={record.principal_attribute_mappings} />
          </Field>
        </Section>

        <Section title="Auto-provisioning">
          <Field label="Status">
            {entry
              ? describeAutoProvision(entry, roles.data)
              : providers.isError
                ? 'Could not be read (the provider list failed to load).'
                : 'Loading…'}
          </Field>
          {entry?.login_uri && (
            <Field label="Sign-in URL for users">
              <Uri value={entry.login_uri} copyLabel="Copy the sign-in URL" />
            </Field>
          )}
        </Section>

        <Section title="Record">
          <RecordFields record={record} />
        </Section>
      </Stack>

      {dialog === 'edit' && entry && (
        <SamlProviderDialog
          provider={entry}
          onClose={() => setDialog(null)}
          onSaved={(r) => setNotice(`SAML provider ${r.name} saved.`)}
        />
      )}
      {dialog === 'delete' && ssoProviderId !== null && (
        <DeleteProviderDialog
          provider={{ id: ssoProviderId, name: record.name, samlProviderId: record.id }}
          onClose={() => setDialog(null)}
          onDeleted={({ name, affectedUsers }) =>
            navigate(SSO_PROVIDERS_PATH, { state: { notice: deletedNotice(name, affectedUsers.length) } })
          }
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

function Section({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const headingId = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={headingId} variant="h2" gutterBottom>
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
      )}
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(180px, 260px) 1fr' },
          columnGap: 2,
          rowGap: { xs: 0.5, sm: 1.5 },
        }}
      >
        {children}
      </Box>
    </Paper>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" color="text.secondary" sx={{ fontWeight: 500, pt: { sm: 0.5 } }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, mb: { xs: 1.5, sm: 0 }, minWidth: 0 }}>
        {children}
      </Box>
    </>
  );
}

function Uri({ value, copyLabel }: { value: string; copyLabel: string }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Typography component="code" sx={{ fontFamily: 'monospace', fontSize: '0.875rem', overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Typography>
      {value && <CopyButton value={value} label={copyLabel} />}
    </Stack>
  );
}

function PrincipalMappings({ mappings }: { mappings: string[] }) {
  if (mappings.length === 0) {
    return (
      <Typography sx={{ pt: { sm: 0.5 }, overflowWrap: 'anywhere' }}>
        None set. The service reads the user&apos;s principal from the first of these assertion attributes that is present:{' '}
        {DEFAULT_PRINCIPAL_ATTRIBUTES.map((a, i) => (
          <span key={a}>
            {i > 0 && ', '}
            <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.875rem', overflowWrap: 'anywhere' }}>
              {a}
            </Box>
          </span>
        ))}
        .
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5, pt: { sm: 0.5 } }}>
      {mappings.map((m) => (
        <li key={m}>
          <Typography component="code" sx={{ fontFamily: 'monospace', fontSize: '0.875rem', overflowWrap: 'anywhere' }}>
            {m}
          </Typography>
        </li>
      ))}
    </Box>
  );
}

function formatTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toLocaleString()} (${iso})`;
}

function RecordFields({ record }: { record: SamlProvider }) {
  return (
    <>
      <Field label="SAML provider ID">{record.id}</Field>
      <Field label="SSO provider ID">{record.sso_provider_id.valid ? record.sso_provider_id.int32 : 'None'}</Field>
      <Field label="Name">{record.name}</Field>
      <Field label="Display name">{record.display_name}</Field>
      <Field label="Created">{formatTime(record.created_at)}</Field>
      <Field label="Updated">{formatTime(record.updated_at)}</Field>
      <Field label="Deleted">{record.deleted_at.valid ? formatTime(record.deleted_at.time) : 'No'}</Field>
    </>
  );
}
