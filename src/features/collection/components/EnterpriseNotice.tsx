import { isHttpStatus } from '@/api/errors';
import { EnterpriseOnly } from '@/components/EnterpriseOnly';

/**
 * What a community server cannot do, said plainly: collection clients,
 * scheduled events and tasks exist only on enterprise servers.
 */
export function EnterpriseNotice({ feature }: { feature: string }) {
  return (
    <EnterpriseOnly
      title={`${feature} need the enterprise edition`}
      text="This server runs the community edition, which has no collection clients, scheduled events or collection jobs. You can still upload collector files on the File ingest page."
      back={{ to: '/file-ingest', label: 'Go to File ingest' }}
    />
  );
}

/**
 * The server says it is a community edition, or answered an enterprise-only
 * list with 404 (it does not have the operation at all).
 */
export function needsEnterprise(enterprise: boolean | undefined, listError: unknown): boolean {
  return enterprise === false || isHttpStatus(listError, 404);
}
