import { isHttpStatus, type HttpError } from '@/api/errors';
import { useIsEnterprise } from '@/api/version';
import { EnterpriseOnly } from '@/components/EnterpriseOnly';

/**
 * Whether these pages must say they need the enterprise edition: the server says it is a community
 * edition, or answered one of their reads with 404 (it does not have the operation at all).
 */
export function useNeedsEnterprise(...errors: unknown[]): boolean {
  const enterprise = useIsEnterprise();
  return enterprise === false || errors.some((e) => isHttpStatus(e, 404) && isMissingOperation(e));
}

/** The parameters whose unknown value a 404 names (an environment, a zone, a finding): not a missing operation. */
const NAMED = new Set(['domain_id', 'asset_group_tag_id', 'attack_path_id', 'node_id']);

/** A 404 that says the operation is absent, not that an environment or zone named in it is unknown. */
function isMissingOperation(error: HttpError): boolean {
  return !(error.body?.errors ?? []).some((e) => NAMED.has(e.context));
}

/** What a community server cannot show, said plainly, with the page that shows the graph instead. */
export function AttackPathsNotice({ feature }: { feature: 'Attack Paths' | 'Posture' }) {
  return (
    <EnterpriseOnly
      title={`${feature} needs the enterprise edition`}
      text="This server runs the community edition, which derives no findings and keeps no posture history. You can still explore the graph and its Tier Zero on the Explore and Privilege Zones pages."
      back={{ to: '/explore', label: 'Go to Explore' }}
    />
  );
}
