import { z } from 'zod'
import { CARE_LEVELS, FUNDING_SOURCES, NEARBY_SERVICES, ROOM_TYPES, SPECIALIZATIONS, TIMELINES } from '../../db/enums'

/**
 * Care extras (issue 15), shared by referrals, properties and operator
 * profiles, and by the server validators and the client forms: each list
 * exists once (db/enums.ts, where the CHECK constraints read it too), each
 * label and each message exists once, here. Pure: safe for the client.
 *
 * Matching compares a referral's level of care and funding source with the
 * same values a home declares, so the two sides can never drift apart.
 */
export { CARE_LEVELS, FUNDING_SOURCES, NEARBY_SERVICES, ROOM_TYPES, SPECIALIZATIONS, TIMELINES }

export type CareLevel = (typeof CARE_LEVELS)[number]
export type FundingSource = (typeof FUNDING_SOURCES)[number]
export type Timeline = (typeof TIMELINES)[number]
export type RoomType = (typeof ROOM_TYPES)[number]
export type NearbyService = (typeof NEARBY_SERVICES)[number]
export type Specialization = (typeof SPECIALIZATIONS)[number]

export const CARE_LEVEL_LABELS: Record<CareLevel, string> = {
  independent: 'Independent',
  supervised: 'Supervised',
  assisted: 'Assisted',
  skilled: 'Skilled / 24-7',
}
/** What each level means, for the form hint and the help guide. */
export const CARE_LEVEL_HINTS: Record<CareLevel, string> = {
  independent: 'manages daily life alone; staff check in',
  supervised: 'needs supervision and reminders; staff on site',
  assisted: 'needs hands-on help with bathing, dressing or medication',
  skilled: 'needs nursing care or staff awake around the clock',
}
export const FUNDING_SOURCE_LABELS: Record<FundingSource, string> = {
  private_pay: 'Private pay',
  medicaid_waiver: 'Medicaid / waiver',
  medicare: 'Medicare',
  ssi_ssdi: 'SSI / SSDI',
  va: 'VA benefits',
  other: 'Other',
}
export const TIMELINE_LABELS: Record<Timeline, string> = {
  immediately: 'Immediately',
  within_2_weeks: 'Within 2 weeks',
  within_30_days: 'Within 30 days',
  flexible: 'Flexible',
}
export const ROOM_TYPE_LABELS: Record<RoomType, string> = {
  private: 'Private room',
  semi_private: 'Semi-private room',
  shared: 'Shared room',
  private_bath: 'Private bathroom',
  accessible: 'Accessible room',
}
export const NEARBY_SERVICE_LABELS: Record<NearbyService, string> = {
  hospital: 'Hospital',
  clinic: 'Medical clinic',
  pharmacy: 'Pharmacy',
  transit: 'Public transit',
  grocery: 'Grocery store',
  day_program: 'Day program',
  park: 'Park',
  place_of_worship: 'Place of worship',
}
export const SPECIALIZATION_LABELS: Record<Specialization, string> = {
  dementia_care: 'Dementia care',
  developmental_disabilities: 'Developmental disabilities',
  mental_health: 'Mental health',
  substance_use_recovery: 'Substance-use recovery',
  physical_disabilities: 'Physical disabilities',
  traumatic_brain_injury: 'Traumatic brain injury',
  medically_complex: 'Medically complex care',
  hospice_palliative: 'Hospice & palliative care',
  veterans: 'Veterans',
}

export const MESSAGES = {
  level_of_care: 'Please choose a level of care from the list',
  funding_source: 'Please choose a funding source from the list',
  timeline: 'Please choose a timeline from the list',
  is_urgent: 'Urgent must be checked or unchecked',
  care_levels: 'Please choose levels of care from the list',
  funding_accepted: 'Please choose funding sources from the list',
  room_types: 'Please choose room types from the list',
  nearby_services: 'Please choose nearby services from the list',
  specializations: 'Please choose specializations from the list',
  specialization: 'Please choose a specialization from the list',
} as const

export const HOUSE_RULES_MAX = 2000
export const HOUSE_RULES_MESSAGE = `House rules must be ${HOUSE_RULES_MAX} characters or less`

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

/** One value of a list, or null when left blank ("Not specified"); anything else is refused. */
export const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (isBlank(v) ? null : v), z.enum(values, { error: message }).nullable())

/**
 * Several values of a list (checkbox groups): in list order, each once. A
 * group with nothing checked arrives as [] (or false from a form library);
 * an unknown value refuses the whole list, with the message on the list
 * itself (not on one entry), so a form shows it under its group.
 */
export const choiceList = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(
    (v) => (v === false || isBlank(v) ? [] : typeof v === 'string' ? [v] : v),
    z
      .array(z.unknown(), { error: message })
      .max(values.length * 4, message)
      .refine((chosen) => chosen.every((v) => (values as readonly unknown[]).includes(v)), message)
      .transform((chosen) => values.filter((value) => chosen.includes(value)) as T[number][]),
  )

/** A yes/no checkbox: unchecked when absent. */
export const flag = (message: string) =>
  z.preprocess((v) => (v === undefined || v === null ? false : v), z.boolean({ error: message }))

/** Free text kept as typed (trimmed); blank becomes null. */
export const houseRules = z.preprocess(
  (v) => (isBlank(v) ? null : v),
  z.string({ error: 'House rules must be text' }).trim().max(HOUSE_RULES_MAX, HOUSE_RULES_MESSAGE).nullable(),
)

/** The Requirements step's extras of a referral (ADR 016). */
export const referralExtrasFields = {
  level_of_care: optionalChoice(CARE_LEVELS, MESSAGES.level_of_care),
  funding_source: optionalChoice(FUNDING_SOURCES, MESSAGES.funding_source),
  timeline: optionalChoice(TIMELINES, MESSAGES.timeline),
  is_urgent: flag(MESSAGES.is_urgent),
}

/** What a home declares: matched against referrals and filtered on /browse. */
export const propertyExtrasFields = {
  care_levels: choiceList(CARE_LEVELS, MESSAGES.care_levels),
  funding_accepted: choiceList(FUNDING_SOURCES, MESSAGES.funding_accepted),
  room_types: choiceList(ROOM_TYPES, MESSAGES.room_types),
  nearby_services: choiceList(NEARBY_SERVICES, MESSAGES.nearby_services),
  house_rules: houseRules,
}

export const operatorExtrasFields = {
  specializations: choiceList(SPECIALIZATIONS, MESSAGES.specializations),
}

/** Labels of stored values, in list order; unknown values (never stored: CHECK) are skipped. */
export function labelsOf<T extends string>(values: readonly string[] | null | undefined, labels: Record<T, string>): string[] {
  return (values ?? []).filter((v): v is T => v in labels).map((v) => labels[v])
}

/** A JSON list column as raw SQL returns it (text), kept to the known values in list order. */
export function parseChoices<T extends string>(text: string | null | undefined, values: readonly T[]): T[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(text ?? '[]')
  } catch {
    return []
  }
  return Array.isArray(parsed) ? values.filter((v) => parsed.includes(v)) : []
}
