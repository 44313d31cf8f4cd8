import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { isHttpStatus } from '@/api/errors';
import { useAccess } from '@/lib/access';
import type { SamlProvider } from '@/api/schemas/sso';
import { CopyableText } from '@/components/CopyButton';
import { useNotice } from '@/components/notice';
import { PageHeader } from '@/components/PageHeader';
import { RestrictedNote } from '@/components/RestrictedNote';
import { DataTable, useTableState, type Column, type TableSpec } from '@/components/table';
import { ErrorState, LoadingState } from '@/components/states';
import { DateTime } from '@/components/Time';
import { Field, Section } from '@/components/DetailSection';
import { useSamlProvider } from '@/features/sso/api/get-saml-provider';
import { useRoles } from '@/api/roles';
import { useUsers } from '@/api/users';
import type { User } from '@/api/schemas/users';
import { useSsoProviders } from '@/api/sso-providers';
import { DeleteProviderDialog } from '@/features/sso/components/DeleteProviderDialog';
import { SamlProviderDialog } from '@/features/sso/components/SamlProviderDialog';
import { SigningCertificateButton } from '@/features/sso/components/SigningCertificateButton';
import { deletedNotice, describeAutoProvision } from '@/features/sso/form';
import { SSO_PROVIDERS_PATH } from '@/features/sso/paths';

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
  const manage = useAccess('PATCH', '/api/v2/sso-providers/{sso_provider_id}');
  const canManage = manage.allowed;
  const certificate = useAccess('GET', '/api/v2/sso-providers/{sso_provider_id}/signing-certificate');
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { notify } = useNotice();

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
      <RestrictedNote missing={manage.missing} canDo="You can look at this provider" cannot="change or delete it" />

      <Stack spacing={2}>
        <Section title="Service provider" intro="Paste these into your identity provider's configuration for this application.">
          <Field label="Issuer (entity ID)">
            <CopyableText value={record.sp_issuer_uri} label="Copy the SP issuer URI" />
          </Field>
          <Field label="Sign-in (SSO) URL">
            <CopyableText value={record.sp_sso_uri} label="Copy the SP SSO URI" />
          </Field>
          <Field label="Metadata URL">
            <CopyableText value={record.sp_metadata_uri} label="Copy the SP metadata URI" />
          </Field>
          <Field label="Assertion consumer service (ACS) URL">
            <CopyableText value={record.sp_acs_uri} label="Copy the SP ACS URI" />
          </Field>
          {certificate.allowed && ssoProviderId !== null && (
            <Field label="Signing certificate">
              <SigningCertificateButton ssoProviderId={ssoProviderId} slug={entry?.slug ?? record.name} />
            </Field>
          )}
        </Section>

        <Section title="Identity provider" intro="Read from the metadata file uploaded for this provider.">
          <Field label="IdP issuer URI">
            <CopyableText value={record.idp_issuer_uri} label="Copy the IdP issuer URI" />
          </Field>
          <Field label="IdP SSO URI">
            <CopyableText value={record.idp_sso_uri} label="Copy the IdP SSO URI" />
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
              <CopyableText value={entry.login_uri} label="Copy the sign-in URL" />
            </Field>
          )}
        </Section>

        {ssoProviderId !== null && <LinkedUsers ssoProviderId={ssoProviderId} />}

        <Section title="Record">
          <RecordFields record={record} />
        </Section>
      </Stack>

      {dialog === 'edit' && entry && (
        <SamlProviderDialog
          provider={entry}
          onClose={() => setDialog(null)}
          onSaved={(r) => notify(`SAML provider ${r.name} saved.`)}
        />
      )}
      {dialog === 'delete' && ssoProviderId !== null && (
        <DeleteProviderDialog
          provider={{ id: ssoProviderId, name: record.name, samlProviderId: record.id }}
          onClose={() => setDialog(null)}
          onDeleted={({ name, affectedUsers }) => {
            notify(deletedNotice(name, affectedUsers.length));
            navigate(SSO_PROVIDERS_PATH);
          }}
        />
      )}
    </>
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

function RecordFields({ record }: { record: SamlProvider }) {
  return (
    <>
      <Field label="SAML provider ID">{record.id}</Field>
      <Field label="SSO provider ID">{record.sso_provider_id.valid ? record.sso_provider_id.int32 : 'None'}</Field>
      <Field label="Name">{record.name}</Field>
      <Field label="Display name">{record.display_name}</Field>
      <Field label="Created">
        <DateTime value={record.created_at} />
      </Field>
      <Field label="Updated">
        <DateTime value={record.updated_at} />
      </Field>
      <Field label="Deleted">{record.deleted_at.valid ? <DateTime value={record.deleted_at.time} /> : 'No'}</Field>
    </>
  );
}

/** A nullable string of the API's (`{ string, valid }`) as text, or null. */
const text = (v: { string: string; valid: boolean }) => (v.valid && v.string ? v.string : null);
const fullName = (u: User) => [text(u.first_name), text(u.last_name)].filter(Boolean).join(' ') || null;

const LINKED_COLUMNS: Column<User>[] = [
  {
    id: 'principal_name',
    header: 'Principal name',
    sortable: true,
    rowHeader: true,
    nowrap: true,
    sortValue: (u) => u.principal_name,
    cell: (u) => u.principal_name,
  },
  { id: 'name', header: 'Name', sortable: true, sortValue: fullName, cell: (u) => fullName(u) ?? '—' },
  {
    id: 'email_address',
    header: 'E-mail',
    sortable: true,
    nowrap: true,
    hideBelow: 'md',
    sortValue: (u) => text(u.email_address),
    cell: (u) => text(u.email_address) ?? '—',
  },
];

const LINKED_SPEC: TableSpec = {
  sortable: ['principal_name', 'name', 'email_address'],
  defaultSort: [{ column: 'principal_name', descending: false }],
};

/** The users who sign in through the provider (from the users list): they are unlinked if it is deleted. */
function LinkedUsers({ ssoProviderId }: { ssoProviderId: number }) {
  const table = useTableState(LINKED_SPEC);
  const users = useUsers({
    select: (all) => all.filter((u) => u.sso_provider_id.valid && u.sso_provider_id.int32 === ssoProviderId),
  });
  return (
    <Box component="section" aria-labelledby="section-linked-users">
      <DataTable
        label="Users who sign in through this provider"
        noun="users"
        mode="client"
        columns={LINKED_COLUMNS}
        table={table}
        query={users}
        rows={users.data}
        rowKey={(u) => u.id}
        rowHref={(u) => `/users/${encodeURIComponent(u.id)}`}
        toolbar={
          <Typography id="section-linked-users" variant="h2" sx={{ px: { md: 1 }, pt: { md: 1 } }}>
            Users who sign in through it
          </Typography>
        }
        empty={{
          title: 'No users sign in through it',
          text: 'When a user account is linked to this provider, it is listed here.',
        }}
      />
    </Box>
  );
}
