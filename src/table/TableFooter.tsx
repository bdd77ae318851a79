/**
 * Our own paging footer: the MIT DataGrid refuses page sizes over 100, and the table offers 500 and
 * "all" (0) (docs/table.md, Paging), so the grid gets only the current page's rows and the paging lives here.
 */
import { TablePagination } from '@mui/material';
import { ROWS_PER_PAGE_OPTIONS } from './table-config';

export function TableFooter({ page, rowsPerPage, total, estimated = false, onPage, onRowsPerPage }: {
  page: number;
  rowsPerPage: number;
  total: number;
  /** The server estimated the total (a long list): shown as "of about N". */
  estimated?: boolean;
  onPage(page: number): void;
  onRowsPerPage(rows: number): void;
}) {
  return (
    <TablePagination
      component="div"
      count={total}
      page={rowsPerPage === 0 ? 0 : page}
      // MUI's convention for "all rows" is -1; the API's is page_size=0.
      rowsPerPage={rowsPerPage === 0 ? -1 : rowsPerPage}
      rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS.map((n) => (n === 0 ? { value: -1, label: 'All' } : n))}
      onPageChange={(_e, p) => onPage(p)}
      onRowsPerPageChange={(e) => {
        const n = Number(e.target.value);
        onRowsPerPage(n === -1 ? 0 : n);
      }}
      labelDisplayedRows={({ from, to, count }) => `${from.toLocaleString('en-US')}–${to.toLocaleString('en-US')} of ${estimated ? 'about ' : ''}${count.toLocaleString('en-US')}`}
    />
  );
}
