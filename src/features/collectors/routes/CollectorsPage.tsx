import Stack from '@mui/material/Stack';
import { useIsEnterprise } from '@/api/version';
import { PageHeader } from '@/components/PageHeader';
import { useKennelManifest } from '../api/get-kennel-manifest';
import { COLLECTORS, CollectorReleases, KennelAssets } from '../components/collector-releases';

/**
 * Download collectors: each collector's releases with Download, which saves the archive and checks its
 * SHA-256 against the server's published checksum; on an enterprise server, the kennel's files too.
 */
export default function CollectorsPage() {
  const enterprise = useIsEnterprise();
  const kennel = useKennelManifest({ enabled: enterprise === true });
  return (
    <>
      <PageHeader
        title="Download collectors"
        description="The collector releases this server publishes. Each download is checked against the server's SHA-256 checksum."
      />
      <Stack spacing={3}>
        {COLLECTORS.map((c) => (
          <CollectorReleases key={c.type} {...c} />
        ))}
        {enterprise && <KennelAssets query={kennel} />}
      </Stack>
    </>
  );
}
