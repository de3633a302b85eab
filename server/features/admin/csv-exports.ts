import type { Executor } from '../../db/client'
import { clock } from '../../lib/clock'
import { csvFilename, toCsv } from './csv'
import { listOperators } from './list-operators'
import { listReferrers } from './list-referrers'

type Operator = Awaited<ReturnType<typeof listOperators>>[number]
type Referrer = Awaited<ReturnType<typeof listReferrers>>[number]

/** The Operators tab as a CSV download named with today's date. */
export async function exportOperatorsCsv(db: Executor) {
  const body = toCsv<Operator>(await listOperators(db), [
    { header: 'First name', value: (o) => o.first_name },
    { header: 'Last name', value: (o) => o.last_name },
    { header: 'Organization', value: (o) => o.organization_name },
    { header: 'Email', value: (o) => o.email },
    { header: 'Phone', value: (o) => o.phone },
    { header: 'Username', value: (o) => o.username },
    { header: 'Licensing type', value: (o) => o.licensing_type },
    { header: 'Verification', value: (o) => o.verification_status },
    { header: 'Years of experience', value: (o) => o.years_of_experience },
    { header: 'Tier', value: (o) => o.tier },
    { header: 'Complimentary', value: (o) => o.is_complimentary },
    { header: 'Properties', value: (o) => o.property_count },
    { header: 'Joined', value: (o) => o.created_at },
  ])
  return { filename: csvFilename('operators', clock.now()), body }
}

/** The Referrers tab as a CSV download named with today's date. */
export async function exportReferrersCsv(db: Executor) {
  const body = toCsv<Referrer>(await listReferrers(db), [
    { header: 'First name', value: (r) => r.first_name },
    { header: 'Last name', value: (r) => r.last_name },
    { header: 'Email', value: (r) => r.email },
    { header: 'Phone', value: (r) => r.phone },
    { header: 'Organization', value: (r) => r.organization_name },
    { header: 'Referrals', value: (r) => r.referral_count },
    { header: 'Joined', value: (r) => r.created_at },
  ])
  return { filename: csvFilename('referrers', clock.now()), body }
}
