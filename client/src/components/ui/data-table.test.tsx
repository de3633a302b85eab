import { setUpDom } from '../../../test/dom'
import { describe, expect, test } from 'bun:test'
import { fireEvent, render, within } from '@testing-library/react/pure'
import { columnsOf, DataTable } from './data-table'

setUpDom()

/**
 * DataTable rendered in happy-dom: its states, sorting by header buttons
 * (aria-sort, the caption saying the order) and paging (labelled controls,
 * the page kept when the list is refetched).
 */

type Person = { id: string; name: string; age: number | null }
const people: Person[] = [
  { id: 'p1', name: 'Carla', age: 40 },
  { id: 'p2', name: 'Ada', age: null },
  { id: 'p3', name: 'Bea', age: 25 },
]

function table(rows: Person[] | undefined, props: { pageSize?: number; isPending?: boolean; isError?: boolean; more?: { hasMore: boolean; loading: boolean; load: () => void; label: string } } = {}) {
  const col = columnsOf<Person>()
  const columns = col.columns([col.accessor('name', { header: 'Name' }), col.accessor((p) => p.age ?? undefined, { id: 'age', header: 'Age', cell: (c) => c.getValue() ?? '—' })])
  const { pageSize, isPending = false, isError = false, more } = props
  return (
    <DataTable
      caption="People"
      order="newest first"
      noun="people"
      emptyText="Nobody yet."
      columns={columns}
      query={{ data: rows, isPending, isError }}
      rowTestId={(p) => `person-${p.id}`}
      pageSize={pageSize}
      more={more}
    />
  )
}

const names = (root: HTMLElement) => [...root.querySelectorAll('tbody tr')].map((tr) => tr.querySelector('td')?.textContent)

describe('DataTable', () => {
  test('says when the list is loading, failed or empty', () => {
    const view = render(table(undefined, { isPending: true }))
    expect(view.getByRole('status').textContent).toBe('Loading')
    view.rerender(table(undefined, { isError: true }))
    expect(view.getByText('Could not load this list. Try again later.')).toBeTruthy()
    view.rerender(table([]))
    expect(view.getByText('Nobody yet.')).toBeTruthy()
    expect(view.queryByRole('table')).toBeNull()
  })

  test('sorts by a header button: ascending, descending, then back to the order the rows came in', () => {
    const view = render(table(people))
    expect(view.getByRole('table', { name: 'People, newest first' })).toBeTruthy()
    expect(names(view.container)).toEqual(['Carla', 'Ada', 'Bea'])
    expect(view.getByTestId('person-p2').textContent).toContain('—')

    const name = () => view.getByRole('columnheader', { name: 'Name' })
    const button = view.getByRole('button', { name: 'Name' })
    fireEvent.click(button)
    expect(names(view.container)).toEqual(['Ada', 'Bea', 'Carla'])
    expect(name().getAttribute('aria-sort')).toBe('ascending')
    expect(view.getByRole('table', { name: 'People, sorted by Name, ascending' })).toBeTruthy()

    fireEvent.click(button)
    expect(names(view.container)).toEqual(['Carla', 'Bea', 'Ada'])
    expect(name().getAttribute('aria-sort')).toBe('descending')

    fireEvent.click(button)
    expect(names(view.container)).toEqual(['Carla', 'Ada', 'Bea'])
    expect(name().hasAttribute('aria-sort')).toBe(false)

    // Numbers start high to low; an empty value stays last either way.
    const age = view.getByRole('button', { name: 'Age' })
    fireEvent.click(age)
    expect(names(view.container)).toEqual(['Carla', 'Bea', 'Ada'])
    fireEvent.click(age)
    expect(names(view.container)).toEqual(['Bea', 'Carla', 'Ada'])
  })

  test('pages with labelled controls, keeps the page when the list is refetched, and goes back to the first page on a new sort', () => {
    const many = Array.from({ length: 5 }, (_, i) => ({ id: `p${i}`, name: `Person ${i}`, age: i }))
    const view = render(table(many, { pageSize: 2 }))
    const pager = view.getByRole('navigation', { name: 'Pages of people' })
    expect(pager.textContent).toContain('Showing 1–2 of 5 people')
    const previous = within(pager).getByRole('button', { name: 'Previous' }) as HTMLButtonElement
    const next = within(pager).getByRole('button', { name: 'Next' }) as HTMLButtonElement
    expect(previous.disabled).toBe(true)

    fireEvent.click(next)
    expect(pager.textContent).toContain('Showing 3–4 of 5 people')
    expect(names(view.container)).toEqual(['Person 2', 'Person 3'])

    // A refetch (a new array, the same rows) keeps the page.
    view.rerender(table(many.map((p) => ({ ...p })), { pageSize: 2 }))
    expect(names(view.container)).toEqual(['Person 2', 'Person 3'])

    fireEvent.click(next)
    expect(names(view.container)).toEqual(['Person 4'])
    expect(next.disabled).toBe(true)

    // The list shrinks under the last page: the last page that exists is shown.
    view.rerender(table(many.slice(0, 3), { pageSize: 2 }))
    expect(names(view.container)).toEqual(['Person 2'])

    fireEvent.click(view.getByRole('button', { name: 'Age' }))
    expect(names(view.container)).toEqual(['Person 2', 'Person 1'])
    expect(view.getByRole('navigation', { name: 'Pages of people' }).textContent).toContain('Showing 1–2 of 3 people')
  })

  test('a list the server pages shows every loaded row, unsorted, with a button for more', () => {
    let loads = 0
    const many = Array.from({ length: 5 }, (_, i) => ({ id: `p${i}`, name: `Person ${i}`, age: i }))
    const more = { hasMore: true, loading: false, load: () => loads++, label: 'Load older people' }
    const view = render(table(many, { pageSize: 2, more }))
    expect(names(view.container)).toHaveLength(5)
    expect(view.queryByRole('navigation')).toBeNull()
    expect(view.queryByRole('button', { name: 'Name' })).toBeNull()
    fireEvent.click(view.getByRole('button', { name: 'Load older people' }))
    expect(loads).toBe(1)
    view.rerender(table(many, { pageSize: 2, more: { ...more, hasMore: false } }))
    expect(view.queryByRole('button', { name: 'Load older people' })).toBeNull()
  })
})
