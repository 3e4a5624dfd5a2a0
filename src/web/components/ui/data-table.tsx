import type { ReactNode } from "react";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "./table.tsx";

// One row layout for the console's lists (the invoicing screen's bank payments and documents, the
// payments list, a booking's ledger): a semantic table (table.tsx) whose columns are declared once
// with their header and cell, so the lists cannot drift apart. A column whose header is only for
// screen readers (an action column) keeps its name there.

export type DataColumn<Row> = {
  id: string;
  header: ReactNode;
  /** The header is read by screen readers only. */
  headerHidden?: boolean;
  cell: (row: Row) => ReactNode;
  className?: string;
};

export function DataTable<Row>({
  caption,
  captionHidden,
  columns,
  rows,
  rowKey,
  rowTestId,
  className,
}: {
  caption: ReactNode;
  captionHidden?: boolean;
  columns: DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowTestId?: string;
  className?: string;
}) {
  return (
    <Table caption={caption} captionHidden={captionHidden} className={className}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableHeaderCell key={column.id} className={column.className}>
              {column.headerHidden ? <span className="sr-only">{column.header}</span> : column.header}
            </TableHeaderCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)} data-testid={rowTestId}>
            {columns.map((column) => (
              <TableCell key={column.id} className={column.className}>
                {column.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
