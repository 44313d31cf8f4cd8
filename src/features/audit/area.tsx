import HistoryIcon from '@mui/icons-material/ManageHistoryOutlined';
import { adminOps } from '@/api/operations/admin';
import { lazyPage, page, type AreaDefinition } from '@/lib/area';

/** The audit log: who changed what through the API, and every sign-in attempt. */
export const auditArea: AreaDefinition = {
  id: 'audit',
  nav: [{ label: 'Audit log', path: '/audit', icon: <HistoryIcon />, section: 'Settings', reads: adminOps.listAuditLogs }],
  routes: [
    {
      path: 'audit',
      ...lazyPage(
        () => import('./routes/AuditLogPage'),
        // The view the link describes (filters, dates, sort, page) starts loading with the page's code.
        [
          async ({ request }) => {
            const [{ auditLogsQueryOptions }, { viewQueryOf }] = await Promise.all([
              import('./api/list-audit-logs'),
              import('./filters'),
            ]);
            const query = viewQueryOf(new URL(request.url).searchParams);
            return query ? auditLogsQueryOptions(query) : null;
          },
        ],
        page('Audit log', adminOps.listAuditLogs),
      ),
    },
  ],
};
