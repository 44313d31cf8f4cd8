import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { editedAnswersSession, ROLE_WITH_UNKNOWN_PERMISSION, ROLES_WITH_UNKNOWN_ROLE } from '@/testing/unexpected-answers';
import RoleDetailPage from './RoleDetailPage';
import RolesPage from './RolesPage';

const session = editedAnswersSession();

/** The table row whose row header reads `name`. */
async function rowOf(name: string): Promise<HTMLElement> {
  const header = await screen.findByRole('rowheader', { name: new RegExp(`^${name}`) });
  return header.closest('tr')!;
}

describe('Roles, against answers the mock does not give', { timeout: 30_000 }, () => {
  it('lists a role of the server’s own with its name as it came and "unknown", beside the built-in ones', async () => {
    session.serve([ROLES_WITH_UNKNOWN_ROLE]);
    renderWithProviders(<RolesPage />, { path: '/roles', routePath: '/roles' });
    const auditor = await rowOf('Auditor');
    expect(auditor).toHaveTextContent('Auditor (unknown)');
    expect(auditor).toHaveTextContent('Reads and exports the audit log');
    const admin = await rowOf('Administrator');
    expect(admin).not.toHaveTextContent('unknown');
  });

  it('shows a permission it has no words for by its name, "unknown" where its words would be', async () => {
    session.serve([ROLE_WITH_UNKNOWN_PERMISSION]);
    const readOnly = session.mock.db.state.roles.find((r) => r.name === 'Read-Only')!;
    renderWithProviders(<RoleDetailPage />, { path: `/roles/${readOnly.id}`, routePath: '/roles/:roleId' });
    const row = await rowOf('audit.Export');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['audit', 'Export', 'audit.Export (unknown)']);
    const known = await rowOf('graphdb.Read');
    expect(known).toHaveTextContent('Read the graph, asset groups and data quality');
  });
});
