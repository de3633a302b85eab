import {
  type ColumnDef,
  type Header,
  type PaginationState,
  type RowData,
  type SortingState,
  createColumnHelper,
  createPaginatedRowModel,
  createSortedRowModel,
  metaHelper,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_text,
  tableFeatures,
  useTable,
} from '@tanstack/react-table'
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { cn } from '../../lib/cn'
import { Button } from './button'
import { Pager } from './pager'
import { Spinner } from './spinner'

/**
 * What every data table can do (TanStack Table registers only what a table
 * uses): sort its rows in the browser, show them a page at a time, and give a
 * column's cells a class (`meta.className`).
 */
const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text },
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
  columnMeta: metaHelper<{ className?: string }>(),
})
type Features = typeof features

// A table's columns hold different value types; this is the type the library's own `columns()` returns.
// biome-ignore lint/suspicious/noExplicitAny: ColumnDef's value type is invariant, so no narrower type holds a string column and a number column.
export type DataColumn<T extends RowData> = ColumnDef<Features, T, any>

/** Typed column builders for rows of T: `col.accessor('name', { header: 'Name' })`, `col.display({ id, header, cell })`. */
export const columnsOf = <T extends RowData>() => createColumnHelper<Features, T>()
export type ColumnsOf<T extends RowData> = ReturnType<typeof columnsOf<T>>

// An empty value (null, undefined) sorts last either way; the first click sorts text A→Z and numbers high→low.
const defaultColumn = { sortUndefined: 'last' as const }
const NO_ROWS: never[] = []

type Props<T extends RowData> = {
  /** What the table holds ("All referrals"): its caption and the name of its frame. */
  caption: string
  /** The order the rows come in ("newest first"), said in the caption until a column is sorted. */
  order?: string
  columns: DataColumn<T>[]
  /** The list's query (TanStack Query's answer, or `serverPages` of one): its rows, and whether it is loading or failed. */
  query: { data: T[] | undefined; isPending: boolean; isError: boolean }
  /** A row's key; its `id` by default. */
  rowId?: (row: T) => string
  /** A test id for each row (the browser tests find a row by its record's id). */
  rowTestId?: (row: T) => string
  emptyText: string
  /** Rows per page, paged in the browser (the pager names them: "Showing 1–25 of 40 referrals"). */
  pageSize?: number
  noun: string
  /**
   * A list the server pages itself (newest first, more on demand): every
   * loaded row is shown, unsorted, since sorting the loaded part would
   * misstate the order of the whole.
   */
  more?: { hasMore: boolean; loading: boolean; load: () => void; label: string }
}

type InfiniteList<T> = {
  data?: { pages: { items: T[] }[] }
  isPending: boolean
  isError: boolean
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => Promise<unknown>
}

/** DataTable's `query` and `more` for a list the server pages (an infinite query): the loaded pages' rows, and a button for the next page. */
export function serverPages<T>(list: InfiniteList<T>, label: string) {
  return {
    query: { data: list.data?.pages.flatMap((p) => p.items), isPending: list.isPending, isError: list.isError },
    more: { hasMore: list.hasNextPage, loading: list.isFetchingNextPage, load: () => void list.fetchNextPage(), label },
  }
}

const byId = (row: RowData, index: number) => ('id' in row && typeof row.id === 'string' ? row.id : String(index))

/**
 * A data table: loading, failed and empty states; a caption; headers that
 * sort (a button in each, aria-sort on the sorted one); pages with labelled
 * Previous and Next. Its frame scrolls sideways and takes focus for keyboard
 * users.
 */
export function DataTable<T extends RowData>({ caption, order, columns, query, rowId, rowTestId, emptyText, pageSize = 50, noun, more }: Props<T>) {
  const data = query.data ?? NO_ROWS
  const [sorting, setSorting] = useState<SortingState>([])
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize })
  // The page stays where it is when the list is refetched (the outbox every 10 s), within the pages there are.
  const pages = Math.max(1, Math.ceil(data.length / pageSize))
  const pageIndex = Math.min(pagination.pageIndex, pages - 1)
  const table = useTable({
    features,
    columns,
    data,
    defaultColumn,
    getRowId: rowId ?? byId,
    state: { sorting, pagination: { pageIndex, pageSize } },
    onSortingChange: (updater) => {
      setSorting(updater)
      setPagination((p) => ({ ...p, pageIndex: 0 }))
    },
    onPaginationChange: setPagination,
    autoResetPageIndex: false,
    enableSorting: !more,
    manualPagination: !!more,
  })

  if (query.isPending) return <Spinner label="Loading" />
  if (query.isError) return <p className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">Could not load this list. Try again later.</p>
  if (data.length === 0) return <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">{emptyText}</p>

  const sorted = sorting[0] && table.getColumn(sorting[0].id)
  const name = sorted
    ? `${caption}, sorted by ${headerText(sorted.columnDef.header, sorted.id)}, ${sorting[0].desc ? 'descending' : 'ascending'}`
    : [caption, order].filter(Boolean).join(', ')
  const first = pageIndex * pageSize
  return (
    <div className="space-y-3">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take focus so keyboard users can scroll it (WCAG 2.1.1, axe scrollable-region-focusable). */}
      <section aria-label={name} tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-600">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{name}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <HeaderCell key={header.id} header={header} />
                ))}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100">
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} data-testid={rowTestId?.(row.original)}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className={cn('px-3 py-2 align-top text-slate-800', cell.column.columnDef.meta?.className)}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {more ? (
        more.hasMore && (
          <div className="flex justify-center">
            <Button variant="outline" disabled={more.loading} onClick={more.load}>
              {more.loading ? 'Loading...' : more.label}
            </Button>
          </div>
        )
      ) : (
        <Pager
          noun={noun}
          label={`Pages of ${caption.toLowerCase()}`}
          paged={{
            page: pageIndex + 1,
            pages,
            setPage: (page) => table.setPageIndex(page - 1),
            first: first + 1,
            last: Math.min(first + pageSize, data.length),
            total: data.length,
          }}
        />
      )}
    </div>
  )
}

const headerText = (header: unknown, id: string) => (typeof header === 'string' ? header : id)

/** A column header: a button that sorts by it when the column can be sorted, with aria-sort saying how it is sorted. */
function HeaderCell<T extends RowData>({ header }: { header: Header<Features, T, unknown> }) {
  const column = header.column
  const text: ReactNode = headerText(column.columnDef.header, column.id)
  const direction = column.getIsSorted()
  const Icon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown
  return (
    <th
      scope="col"
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
      className="bg-slate-50 px-3 py-2 text-left font-semibold whitespace-nowrap text-slate-700"
    >
      {column.getCanSort() ? (
        <button
          type="button"
          onClick={column.getToggleSortingHandler()}
          className="-mx-1 inline-flex items-center gap-1 rounded px-1 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {text}
          <Icon className={cn('h-3.5 w-3.5', direction ? 'text-slate-900' : 'text-slate-400')} aria-hidden="true" />
        </button>
      ) : (
        text
      )}
    </th>
  )
}
