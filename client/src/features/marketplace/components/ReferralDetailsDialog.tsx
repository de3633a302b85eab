import { useQuery } from '@tanstack/react-query'
import { Dialog } from '../../../components/ui/dialog'
import { DownloadFhirLink } from '../../../components/download-fhir-link'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api'
import { calendarDate } from '../../../lib/format'
import {
  careLevelLabel,
  fundingSourceLabel,
  genderLabel,
  maritalStatusLabel,
  medicaidStatusLabel,
  referrerRoleLabel,
  stateLabel,
  timelineLabel,
} from '../../../lib/labels'
import { referralDetailQuery, type ReferralDetailView } from '../api/marketplace'

/** The full record, grouped like the referral form. Empty fields are left out. */
/** A field of the full record (the response schema's unlocked referral). */
type DetailKey = keyof Extract<ReferralDetailView['referral'], { visibility_level: 'unlocked' }>

const SECTIONS: Array<[string, Array<[DetailKey, string]>]> = [
  ['Client', [
    ['client_name', 'Name'], ['client_dob', 'Date of birth'], ['client_age', 'Age'], ['client_gender', 'Gender'], ['client_phone', 'Phone'],
    ['client_previous_address', 'Previous address'], ['client_city', 'City'], ['client_zip', 'ZIP code'], ['client_marital_status', 'Marital status'],
    ['client_race', 'Race'], ['client_ethnicity', 'Ethnicity'], ['client_primary_language', 'Primary language'],
  ]],
  ['Emergency contact', [
    ['emergency_contact_name', 'Name'], ['emergency_contact_phone', 'Phone'], ['emergency_contact_relationship', 'Relationship'], ['emergency_contact_address', 'Address'],
  ]],
  ['Legal', [
    ['legal_pending_cases', 'Pending cases'], ['legal_current_probation', 'Current probation'], ['legal_previous_cj_involvement', 'Previous criminal justice involvement'],
    ['legal_cj_contact_name', 'Criminal justice contact'], ['legal_cj_contact_phone', 'Contact phone'],
  ]],
  ['Health', [
    ['client_medical_conditions', 'Medical conditions'], ['health_psychiatric_conditions', 'Psychiatric conditions'], ['health_current_medications', 'Current medications'],
    ['health_allergies', 'Allergies'], ['health_current_provider', 'Current provider'], ['health_current_doctor', 'Current doctor'], ['health_doctor_phone', "Doctor's phone"],
  ]],
  ['Substance use', [
    ['substance_attends_aa_na', 'Attends AA/NA'], ['substance_aa_na_frequency', 'AA/NA meetings per week'], ['substance_last_use_date', 'Last use'], ['substance_sobriety_length', 'Sobriety length'],
  ]],
  ['Income and benefits', [
    ['income_source', 'Income source'], ['income_people_dependent', 'People dependent'], ['income_minors_dependent', 'Minors dependent'], ['benefits_types', 'Benefits'], ['medicaid_status', 'Medicaid status'],
  ]],
  ['Requirements', [
    ['preferred_state', 'Preferred state'], ['preferred_cities', 'Preferred cities'], ['budget_range', 'Monthly budget'],
    ['level_of_care', 'Level of care'], ['funding_source', 'Funding source'], ['timeline', 'Timeline'], ['is_urgent', 'Urgent'], ['client_mobility_needs', 'Mobility needs'],
    ['client_dietary_restrictions', 'Dietary restrictions'], ['client_behavioral_notes', 'Behavioral notes'], ['requires_wheelchair_accessible', 'Wheelchair accessible'],
    ['requires_pet_friendly', 'Pet friendly'], ['requires_private_room', 'Private room'], ['requires_medical_care_24_7', '24/7 medical care'],
    ['requires_sex_offender_friendly', 'Sex offender friendly'], ['additional_notes', 'Additional information'],
  ]],
  ['Referrer', [
    ['referrer_name', 'Name'], ['referrer_relationship', 'Role'], ['referrer_email', 'E-mail'], ['referrer_phone', 'Phone'],
    ['case_manager_name', 'Case manager'], ['case_manager_phone', 'Case manager phone'], ['case_manager_agency', 'Agency'], ['referral_source', 'Referral source'],
  ]],
]

/** Stored values shown as the referral form labels them; dates in the reader's format. */
const SHOW_AS: Record<string, (value: string) => string> = {
  client_gender: genderLabel,
  client_marital_status: maritalStatusLabel,
  medicaid_status: medicaidStatusLabel,
  referrer_relationship: referrerRoleLabel,
  preferred_state: stateLabel,
  level_of_care: careLevelLabel,
  funding_source: fundingSourceLabel,
  timeline: timelineLabel,
  client_dob: calendarDate,
  substance_last_use_date: calendarDate,
}

function show(value: unknown, key?: string): string | null {
  if (value === null || value === undefined || value === '') return null
  if (key && typeof value === 'string' && SHOW_AS[key]) return SHOW_AS[key](value)
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (Array.isArray(value)) return value.length ? value.join(', ') : null
  return String(value)
}

/** The unlocked referral's full information (the server refuses it to anyone who has not unlocked it). */
export function ReferralDetailsDialog({ referralId, open, onOpenChange }: { referralId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const detail = useQuery({ ...referralDetailQuery(referralId), enabled: open })
  const referral: Partial<Record<DetailKey, unknown>> | undefined = detail.data?.referral
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Full referral details" className="max-w-2xl">
      {detail.isPending ? (
        <Spinner label="Loading details..." />
      ) : detail.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(detail.error, 'Failed to load the referral details')}
        </p>
      ) : (
        <div className="space-y-5">
          <DownloadFhirLink referralId={referralId} name={[referral?.client_first_name, referral?.client_last_name].filter(Boolean).join(' ')} />
          {SECTIONS.map(([title, fields]) => {
            const rows = fields.map(([key, label]) => [label, show(referral?.[key], key)] as const).filter(([, v]) => v !== null)
            if (rows.length === 0) return null
            return (
              <section key={title}>
                <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
                <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
                  {rows.map(([label, value]) => (
                    <div key={label} className="contents">
                      <dt className="text-slate-600">{label}</dt>
                      <dd className="whitespace-pre-wrap text-slate-900">{value}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            )
          })}
        </div>
      )}
    </Dialog>
  )
}
