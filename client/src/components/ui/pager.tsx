import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useState } from 'react'
import { Button } from './button'

/**
 * One page of a long list held in memory (an operator's homes): the page
 * number stays in range when the list shrinks (a home deleted on the last page).
 */
export function usePaged<T>(items: T[], perPage: number) {
  const [page, setPage] = useState(1)
  const pages = Math.max(1, Math.ceil(items.length / perPage))
  const current = Math.min(page, pages)
  const start = (current - 1) * perPage
  return { items: items.slice(start, start + perPage), page: current, pages, setPage, first: start + 1, last: Math.min(start + perPage, items.length), total: items.length }
}

/** Where a list is: what Pager shows (usePaged gives it, and so does DataTable for its pages). */
export type PagePosition = { page: number; pages: number; setPage: (page: number) => void; first: number; last: number; total: number }

/** 'Showing 11–20 of 37 homes' with Previous and Next; nothing when everything fits on one page. */
export function Pager({ paged, noun, label }: { paged: PagePosition; noun: string; label: string }) {
  if (paged.pages <= 1) return null
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
      <p aria-live="polite">
        Showing {paged.first}–{paged.last} of {paged.total} {noun}
      </p>
      <div className="flex items-center gap-2">
        <Button size="sm" variant="outline" disabled={paged.page <= 1} onClick={() => paged.setPage(paged.page - 1)}>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Previous
        </Button>
        <span>
          Page {paged.page} of {paged.pages}
        </span>
        <Button size="sm" variant="outline" disabled={paged.page >= paged.pages} onClick={() => paged.setPage(paged.page + 1)}>
          Next <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  )
}
