import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SamlProvider } from '@/api/schemas/sso';
import type { User } from '@/api/schemas/users';
import { useUsers } from '@/api/users';
import { CopyableText } from '@/components/CopyButton';
import { Field, Section } from '@/components/detail-section';
import { DataTable, useTableState, type Column, type TableSpec, TableProvider } from '@/components/table';
import { DateTime } from '@/components/time';
import { ssoOps } from '@/api/operations/sso';
import { useAccess } from '@/lib/access';
import { SigningCertificateButton } from './SigningCertificateButton';

/** Upstream looks for these attributes when a provider has no principal attribute mappings. */
const DEFAULT_PRINCIPAL_ATTRIBUTES = [
  'urn:oid:0.9.2342.19200300.100.1.3',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
];

/**
 * What the two sides of a SAML provider are told: the service provider's addresses (for the identity
 * provider's configuration) and what was read from the identity provider's metadata.
 */
export function SamlEndpoints({
  record,
  ssoProviderId,
  slug,
}: {
  record: SamlProvider;
  ssoProviderId: number | null;
  slug: string;
}) {
  const certificate = useAccess(ssoOps.getSSOProviderSAMLSigningCertificate);
  return (
    <>
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
            <SigningCertificateButton ssoProviderId={ssoProviderId} slug={slug} />
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

/** A SAML provider's own record: its ids, names and dates. */
export function RecordFields({ record }: { record: SamlProvider }) {
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
export function LinkedUsers({ ssoProviderId }: { ssoProviderId: number }) {
  const table = useTableState(LINKED_SPEC);
  const users = useUsers({
    select: (all) => all.filter((u) => u.sso_provider_id.valid && u.sso_provider_id.int32 === ssoProviderId),
  });
  return (
    <Box component="section" aria-labelledby="section-linked-users">
      <TableProvider table={table}>
        <DataTable
          label="Users who sign in through this provider"
          noun="users"
          mode="client"
          columns={LINKED_COLUMNS}
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
      </TableProvider>
    </Box>
  );
}
