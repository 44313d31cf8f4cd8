import type { ReactNode } from 'react';
import type { Column } from './columns';
import type { CellAttributes } from './DataRow';

/**
 * A last row under the rows of a page, in bold (totals): its cells by column id, laid out and hidden with
 * their columns; the row header's cell names it ("Total"), and each other cell is labelled by its column on a phone.
 */
export function SummaryRow<Row>({
  columns,
  cells,
  values,
  details,
  actions,
}: {
  columns: readonly Column<Row>[];
  /** The columns' cell attributes (cellAttributes), in column order. */
  cells: readonly CellAttributes[];
  values: Readonly<Record<string, ReactNode>>;
  /** Whether the rows have a details button before their cells, and an actions column after them. */
  details: boolean;
  actions: boolean;
}) {
  return (
    <tr className="summary">
      {details && <td className="expander" />}
      {columns.map((c, i) => {
        const content = values[c.id];
        const label = content === undefined || content === null ? undefined : c.header;
        const body = <div className="v">{content}</div>;
        return c.rowHeader ? (
          <th key={c.id} scope="row" {...cells[i]}>
            {body}
          </th>
        ) : (
          <td key={c.id} {...cells[i]} data-label={label}>
            {body}
          </td>
        );
      })}
      {actions && <td className="actions" />}
    </tr>
  );
}
