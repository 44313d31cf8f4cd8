import { useIsEnterprise } from '@/api/version';
import { PageHeader } from '@/components/PageHeader';
import { DataTable, TableProvider } from '@/components/table';
import { plural } from '@/shared/words';
import { exportFindingsCsv, useFindings } from '@/features/attack-paths/api/attack-paths';
import { AttackPathsNotice, useNeedsEnterprise } from '@/features/attack-paths/components/AttackPathsNotice';
import { ExportCsvButton } from '@/features/attack-paths/components/ExportCsvButton';
import { FINDINGS_COLUMNS } from '@/features/attack-paths/components/table-view/findings-columns';
import { findingRowKey, graphViewHref } from '@/features/attack-paths/components/table-view/findings-query';
import { FindingsFilters } from '@/features/attack-paths/components/table-view/FindingsFilters';
import { useFindingsTable } from '@/features/attack-paths/components/table-view/use-findings-table';
import { ViewTabs } from '@/features/attack-paths/components/ViewTabs';

const TITLE = 'Attack Paths';
const DESCRIPTION =
  'Every finding the last analysis reported, one row each, most severe first. Filter and sort them, export them, or open one in the graph view.';

/** Attack Paths, table view: one row per finding, with the whole view (filters, sort, page) in the URL. */
export default function FindingsTablePage() {
  const enterprise = useIsEnterprise();
  const { table, filters, setFilter, query } = useFindingsTable();
  const findings = useFindings(query, { enabled: enterprise !== false });

  const needsEnterprise = useNeedsEnterprise(findings.error);
  if (needsEnterprise) {
    return (
      <>
        <PageHeader title={TITLE} />
        <AttackPathsNotice feature="Attack Paths" />
      </>
    );
  }

  const count = findings.data && !findings.isPlaceholderData ? findings.data.count : undefined;
  return (
    <TableProvider table={table}>
      <PageHeader
        title={TITLE}
        description={DESCRIPTION}
        actions={
          <ExportCsvButton
            download={() => exportFindingsCsv(query)}
            fileName="findings.csv"
            done={count === undefined ? 'Exported the findings as CSV.' : `Exported ${plural(count, 'finding')} as CSV.`}
            disabled={count === 0 || !findings.data}
          />
        }
      />
      <ViewTabs view="table" />
      <FindingsFilters filters={filters} setFilter={setFilter} />
      <DataTable
        label="Findings"
        noun="findings"
        mode="server"
        columns={FINDINGS_COLUMNS}
        query={findings}
        page={findings.data ? { rows: findings.data.data, count: findings.data.count } : undefined}
        rowKey={findingRowKey}
        rowHref={graphViewHref}
        rowLabel={(f) => `${f.title}: ${[f.source_principal_name, f.target_principal_name].filter(Boolean).join(' to ')}`}
        empty={{
          title: 'No findings',
          text: 'The last analysis reported no attack paths. Findings appear here after the next analysis finds any.',
        }}
        filteredEmptyText="No finding has every one of these values. Pick other values or clear the filters."
      />
    </TableProvider>
  );
}
