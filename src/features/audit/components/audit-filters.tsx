import { compareText } from '@/shared/compare-text';
import { useMemo } from 'react';
import { usePeople, type Person } from '@/api/users';
import { PickFilter, useTableContext, type PickOption } from '@/components/table';
import { userName } from '@/lib/user-name';
import { ACTION_CHOICES, actionWords } from '@/features/audit/actions';

const ACTION_OPTIONS: PickOption[] = ACTION_CHOICES.map((c) => ({ ...c, detail: c.value }));

function userOptions(users: Person[]): PickOption[] {
  return users
    .map((u) => ({
      value: u.id,
      label: userName(u),
      detail: u.email_address.valid ? u.email_address.string : '',
    }))
    .sort((a, b) => compareText(a.label, b.label));
}

/** Who acted: one of the console's users (or the name a link carried). */
export function ActorFilter({ problem }: { problem?: string }) {
  const table = useTableContext();
  const users = usePeople({ select: userOptions });
  const options = useMemo(() => users.data ?? [], [users.data]);
  const byId = table.state.filters.actor_id?.value;
  const byName = table.state.filters.actor_name?.value;
  const shown = byId ? (options.find((o) => o.value === byId)?.label ?? byId) : (byName ?? '');
  const { setFilter } = table;
  return (
    <PickFilter
      label="Actor"
      noun="person"
      options={options}
      loading={users.isLoading}
      shown={shown}
      error={problem}
      helperText="Pick a person; type a name or e-mail to narrow the list"
      onPick={(picked) => {
        setFilter('actor_id', picked ? { predicate: 'eq', value: picked.value } : null);
        setFilter('actor_name', null);
      }}
    />
  );
}

/** What was done: one of the audited actions. */
export function ActionFilter({ problem }: { problem?: string }) {
  const table = useTableContext();
  const current = table.state.filters.action?.value ?? '';
  const { setFilter } = table;
  return (
    <PickFilter
      label="Action"
      noun="action"
      options={ACTION_OPTIONS}
      shown={current ? (actionWords(current) ?? current) : ''}
      error={problem}
      helperText="Pick an action; type to narrow the list"
      onPick={(picked) => {
        setFilter('action', picked ? { predicate: 'eq', value: picked.value } : null);
      }}
    />
  );
}
