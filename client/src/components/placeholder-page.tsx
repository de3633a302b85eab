import { Page } from './ui/page'

/** A route whose screen belongs to a still-open issue: its title only. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Page title={title}>
      <p className="text-slate-600">This page is being built.</p>
    </Page>
  )
}
