import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, type ReactNode } from 'react';
import type { CollectorType, CollectorVersion, KennelAsset, KennelManifest } from '@/api/schemas/collectors';
import { MiddleCut } from '@/components/MiddleCut';
import { DateTime } from '@/components/time';
import {
  CellTag,
  DataTable,
  useTableState,
  type Column,
  type QueryStatus,
  type TableSpec,
  TableProvider,
} from '@/components/table';
import type { DownloadTarget, ServedFile } from '../download';
import { useCollectorManifest } from '../api/get-collector-manifest';
import { DownloadPanel } from './DownloadPanel';
import { useVerifiedDownload } from '../use-verified-download';

/** The collectors, as their makers name them, with what each collects. */
export const COLLECTORS: readonly { type: CollectorType; name: string; about: string }[] = [
  { type: 'sharphound', name: 'SharpHound', about: 'Collects from Active Directory; runs on a Windows computer of the domain.' },
  { type: 'azurehound', name: 'AzureHound', about: 'Collects from Microsoft Entra ID and Azure.' },
];

/** A titled part of the page (one collector, or the kennel), with its table and its download's progress. */
function ReleaseSection({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, md: 2.5 } }}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        {intro}
      </Typography>
      {children}
    </Paper>
  );
}

/** A row's Download button, named after what it downloads; off while this part downloads something. */
function DownloadButton({
  target,
  busy,
  onStart,
}: {
  target: DownloadTarget;
  busy: boolean;
  onStart: (t: DownloadTarget) => void;
}) {
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={busy}
      aria-label={`Download ${target.label}`}
      onClick={() => onStart(target)}
    >
      Download
    </Button>
  );
}

interface ReleaseRow extends CollectorVersion {
  key: number;
  latest: boolean;
}

const releaseSpec = (type: CollectorType): TableSpec => ({ sortable: [], prefix: type });

/** One collector's releases, newest first: the latest and deprecated ones marked, each with Download. */
export function CollectorReleases({ type, name, about }: (typeof COLLECTORS)[number]) {
  const manifest = useCollectorManifest(type);
  const spec = useMemo(() => releaseSpec(type), [type]);
  const table = useTableState(spec);
  const download = useVerifiedDownload();
  const busy = download.state?.phase === 'downloading';

  const rows = useMemo(
    () =>
      manifest.data?.versions?.map((v, key): ReleaseRow => ({
        ...v,
        key,
        latest: !!v.version && v.version === manifest.data.latest,
      })),
    [manifest.data],
  );
  const targetOf = (version: string): DownloadTarget => ({
    label: `${name} ${version}`,
    fileName: `${type}-${version}.zip`,
    archive: { collector: type, release: version },
    checksum: { collector: type, release: version, checksum: true },
  });

  const columns: Column<ReleaseRow>[] = [
    {
      id: 'version',
      header: 'Version',
      rowHeader: true,
      cell: (r) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <span>{r.version ?? '(no version)'}</span>
          {r.latest && <CellTag label="Latest" tone="success" />}
          {r.deprecated && <CellTag label="Deprecated" tone="warning" variant="outlined" />}
        </Stack>
      ),
    },
    {
      id: 'sha256',
      header: 'SHA-256',
      hideBelow: 'md',
      cell: (r) => (r.sha256sum ? <MiddleCut text={r.sha256sum} /> : '—'),
    },
  ];

  return (
    <ReleaseSection title={name} intro={about}>
      <TableProvider table={table}>
        <DataTable
          mode="client"
          label={`${name} releases`}
          noun="releases"
          pager={false}
          columns={columns}
          rows={rows}
          query={manifest}
          rowKey={(r) => r.key}
          errorTitle={`Could not load the ${name} releases`}
          loadingLabel={`Loading the ${name} releases…`}
          empty={{ title: `No ${name} releases`, text: 'The server publishes none.' }}
          actions={(r) =>
            r.version ? <DownloadButton target={targetOf(r.version)} busy={busy} onStart={download.start} /> : null
          }
        />
      </TableProvider>
      <DownloadPanel
        state={download.state}
        onCancel={download.cancel}
        onRetry={() => download.state && void download.start(download.state.target)}
      />
    </ReleaseSection>
  );
}

interface AssetRow {
  key: string;
  collector: string;
  version: string | undefined;
  releaseDate: string | undefined;
  asset: KennelAsset;
}

const KENNEL_SPEC: TableSpec = { sortable: [], prefix: 'kennel' };

/** A kennel asset from one of the manifest's URLs (`collectorOps.getKennelAsset`), by its last segment. */
function kennelAsset(url: string | undefined): ServedFile | null {
  const segment = url?.split(/[?#]/)[0]!.split('/').filter(Boolean).pop();
  if (!segment) return null;
  try {
    return { kennelAsset: decodeURIComponent(segment) };
  } catch {
    return { kennelAsset: segment };
  }
}

/** Every file the kennel's manifest lists, collector by collector, newest release first. */
function assetRows(manifest: KennelManifest | undefined): AssetRow[] | undefined {
  if (!manifest) return undefined;
  return COLLECTORS.flatMap(({ type, name }) =>
    (manifest[type] ?? []).flatMap((v, i) =>
      (v.release_assets ?? []).map((asset, j) => ({
        key: `${type}-${i}-${j}`,
        collector: name,
        version: v.version,
        releaseDate: v.release_date,
        asset,
      })),
    ),
  );
}

/** Enterprise: the kennel's collector files, per platform, each with Download. */
export function KennelAssets({ query }: { query: QueryStatus & { data?: KennelManifest } }) {
  const table = useTableState(KENNEL_SPEC);
  const download = useVerifiedDownload();
  const busy = download.state?.phase === 'downloading';
  const rows = useMemo(() => assetRows(query.data), [query.data]);

  const columns: Column<AssetRow>[] = [
    { id: 'file', header: 'File', rowHeader: true, mono: true, cell: (r) => r.asset.name ?? '(no name)' },
    { id: 'collector', header: 'Collector', cell: (r) => `${r.collector} ${r.version ?? ''}`.trim() },
    {
      id: 'platform',
      header: 'Platform',
      hideBelow: 'sm',
      cell: (r) => [r.asset.os, r.asset.arch].filter(Boolean).join(' / ') || '—',
    },
    { id: 'released', header: 'Released', hideBelow: 'md', cell: (r) => <DateTime value={r.releaseDate} day /> },
  ];

  return (
    <ReleaseSection
      title="Enterprise collector files"
      intro="The collectors' files for each platform, as the enterprise server's manifest lists them."
    >
      <TableProvider table={table}>
        <DataTable
          mode="client"
          label="Enterprise collector files"
          noun="files"
          pager={false}
          columns={columns}
          rows={rows}
          query={query}
          rowKey={(r) => r.key}
          errorTitle="Could not load the enterprise collector files"
          loadingLabel="Loading the enterprise collector files…"
          empty={{ title: 'No enterprise collector files', text: 'The manifest lists none.' }}
          actions={(r) =>
            r.asset.name ? (
              <DownloadButton
                target={{
                  label: r.asset.name,
                  fileName: r.asset.name,
                  archive: { kennelAsset: r.asset.name },
                  checksum: kennelAsset(r.asset.checksum_download_url),
                }}
                busy={busy}
                onStart={download.start}
              />
            ) : null
          }
        />
      </TableProvider>
      <DownloadPanel
        state={download.state}
        onCancel={download.cancel}
        onRetry={() => download.state && void download.start(download.state.target)}
      />
    </ReleaseSection>
  );
}
