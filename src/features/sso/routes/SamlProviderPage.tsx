import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ssoOps } from '@/api/operations/sso';
import { useAccess } from '@/lib/access';
import { numericId, useRouteId } from '@/lib/route-id';
import { ssoProviderSlug, type SamlProvider } from '@/api/schemas/sso';
import { CopyableText } from '@/components/CopyButton';
import { DetailFrame } from '@/components/DetailFrame';
import { useNotice } from '@/components/notice';
import { PageHeader } from '@/components/PageHeader';
import { RestrictedNote } from '@/components/RestrictedNote';
import { Field, Section } from '@/components/detail-section';
import { useSamlProvider } from '@/features/sso/api/get-saml-provider';
import { useRoles } from '@/api/roles';
import { useSsoProviders } from '@/api/sso-providers';
import { DeleteProviderDialog } from '@/features/sso/components/DeleteProviderDialog';
import { SamlProviderDialog } from '@/features/sso/components/SamlProviderDialog';
import { LinkedUsers, RecordFields, SamlEndpoints } from '@/features/sso/components/saml-details';
import { deletedNotice, describeAutoProvision } from '@/features/sso/provider-form';
import { SSO_PROVIDERS_PATH } from '@/features/sso/paths';

export default function SamlProviderPage() {
  const id = useRouteId('samlProviderId', numericId);
  const saml = useSamlProvider(id.ok ? id.id : 0, { enabled: id.ok });
  return (
    <DetailFrame
      list={{ label: 'SSO providers', to: SSO_PROVIDERS_PATH }}
      noun="SAML provider"
      title="SAML provider"
      id={id}
      query={saml}
    >
      {(record) => <SamlProviderDetail record={record} />}
    </DetailFrame>
  );
}

type Dialog = 'edit' | 'delete' | null;

function SamlProviderDetail({ record }: { record: SamlProvider }) {
  const providers = useSsoProviders();
  const roles = useRoles();
  const manage = useAccess(ssoOps.patchSSOProvider);
  const canManage = manage.allowed;
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { notify } = useNotice();

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
      <PageHeader
        title={record.name}
        description="SAML identity provider"
        crumbs={[{ label: 'SSO providers', to: SSO_PROVIDERS_PATH }, { label: record.name }]}
        actions={actions}
      />
      <RestrictedNote missing={manage.missing} canDo="You can look at this provider" cannot="change or delete it" />

      <Stack spacing={2}>
        <SamlEndpoints record={record} ssoProviderId={ssoProviderId} slug={entry?.slug ?? ssoProviderSlug(record.name)} />

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
