import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Client, ShownClientToken } from '@/api/schemas/collection';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ShownOnceDialog } from '@/components/ShownOnceDialog';
import { useRegenerateClientToken } from '@/features/collection/api/manage-client';

/** A client's token, shown once (ShownOnceDialog): the token id and key with copy buttons, and what to do with them. */
export function ClientTokenDialog({
  clientName,
  token,
  replaced,
  onClose,
}: {
  clientName: string;
  token: ShownClientToken;
  /** True after a regeneration: the old token no longer works. */
  replaced: boolean;
  onClose: () => void;
}) {
  return (
    <ShownOnceDialog
      title={replaced ? `New token of ${clientName}` : `${clientName} is registered: its token`}
      whoever="report collections as this client"
      lost="Regenerate the token from the client’s page."
      intro={
        replaced ? (
          <Alert severity="info">
            The old token stopped working just now. Reconfigure the collector with this token, or it cannot check in, pick up jobs
            or report their results.
          </Alert>
        ) : (
          <Typography>
            Configure the collector on its machine with this token; once it checks in, its host, address and version show on the
            client&apos;s page.
          </Typography>
        )
      }
      secrets={[
        { label: 'Token ID', value: token.id },
        { label: 'Key', value: token.key },
      ]}
      onClose={onClose}
    />
  );
}

/**
 * "Regenerate token": asks first (the collector stops working until reconfigured), then shows the new
 * token once. Mount it for one client at a time.
 */
export function RegenerateTokenDialog({ client, onClose }: { client: Client; onClose: () => void }) {
  const regenerate = useRegenerateClientToken();
  const [token, setToken] = useState<ShownClientToken | null>(null);
  if (token) return <ClientTokenDialog clientName={client.name} token={token} replaced onClose={onClose} />;
  const close = () => {
    regenerate.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open
      title={`Regenerate the token of ${client.name}?`}
      confirmLabel="Regenerate token"
      pending={regenerate.isPending}
      error={regenerate.error}
      onClose={close}
      onConfirm={() =>
        regenerate.mutate(client.id, {
          onSuccess: (t) => {
            // The key goes to this dialog's state only; the mutation forgets it.
            regenerate.reset();
            setToken(t);
          },
        })
      }
    >
      The current token stops working at once: {client.name} cannot check in, pick up jobs or report results until its collector
      is configured with the new token, which is shown once, next.
    </ConfirmDialog>
  );
}
