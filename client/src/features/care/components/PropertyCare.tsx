import type { ReactNode } from 'react'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import {
  CARE_LEVEL_LABELS,
  FUNDING_SOURCE_LABELS,
  labelsOf,
  NEARBY_SERVICE_LABELS,
  ROOM_TYPE_LABELS,
} from '@server/features/care/care-extras.constants'
import { LabelBadges } from './CareBadges'

type Extras = {
  care_levels: readonly string[]
  funding_accepted: readonly string[]
  room_types: readonly string[]
  nearby_services: readonly string[]
  house_rules: string | null
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  )
}

/** The property page's "Care & Living" card: what the home declares, and its house rules. */
export function PropertyCareCard({ property: p }: { property: Extras }) {
  const notStated = <span className="text-sm text-slate-600">Not stated</span>
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Care &amp; Living</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Row label="Levels of care">
            <LabelBadges values={p.care_levels} labels={CARE_LEVEL_LABELS} label="Levels of care" empty={notStated} />
          </Row>
          <Row label="Funding accepted">
            <LabelBadges values={p.funding_accepted} labels={FUNDING_SOURCE_LABELS} label="Funding accepted" tone="green" empty={notStated} />
          </Row>
          <Row label="Room types">
            <LabelBadges values={p.room_types} labels={ROOM_TYPE_LABELS} label="Room types" tone="gray" empty={notStated} />
          </Row>
          <Row label="Nearby services">
            <LabelBadges values={p.nearby_services} labels={NEARBY_SERVICE_LABELS} label="Nearby services" tone="gray" empty={notStated} />
          </Row>
          <Row label="House rules">
            {p.house_rules ? <p className="whitespace-pre-line text-sm text-slate-800">{p.house_rules}</p> : notStated}
          </Row>
        </dl>
      </CardContent>
    </Card>
  )
}

/** Two lines for a property card: the care it gives and the funding it takes (nothing when not declared). */
export function PropertyCareSummary({ property: p }: { property: Pick<Extras, 'care_levels' | 'funding_accepted'> }) {
  const care = labelsOf(p.care_levels, CARE_LEVEL_LABELS)
  const funding = labelsOf(p.funding_accepted, FUNDING_SOURCE_LABELS)
  if (care.length === 0 && funding.length === 0) return null
  return (
    <dl className="space-y-1 text-sm text-slate-700" data-testid="care-summary">
      {care.length > 0 && (
        <div className="flex gap-1">
          <dt className="font-medium text-slate-800">Care:</dt>
          <dd>{care.join(', ')}</dd>
        </div>
      )}
      {funding.length > 0 && (
        <div className="flex gap-1">
          <dt className="font-medium text-slate-800">Accepts:</dt>
          <dd>{funding.join(', ')}</dd>
        </div>
      )}
    </dl>
  )
}
