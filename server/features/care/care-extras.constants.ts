import { CARE_LEVELS, FUNDING_SOURCES, NEARBY_SERVICES, ROOM_TYPES, SPECIALIZATIONS, SPOKEN_LANGUAGES, TIMELINES } from '../../db/enums'

/**
 * The care extras' lists, labels and messages (care-extras.schemas.ts says
 * why each exists once), without zod: the client's pages that only show or
 * filter by them (/browse, the cards) import them from here and so do without
 * the validators' library.
 */
export { CARE_LEVELS, FUNDING_SOURCES, NEARBY_SERVICES, ROOM_TYPES, SPECIALIZATIONS, SPOKEN_LANGUAGES, TIMELINES }

export type CareLevel = (typeof CARE_LEVELS)[number]
export type FundingSource = (typeof FUNDING_SOURCES)[number]
export type Timeline = (typeof TIMELINES)[number]
export type RoomType = (typeof ROOM_TYPES)[number]
export type NearbyService = (typeof NEARBY_SERVICES)[number]
export type Specialization = (typeof SPECIALIZATIONS)[number]
export type SpokenLanguage = (typeof SPOKEN_LANGUAGES)[number]

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

/**
 * The languages' English names, as the directory's feeds publish them (FHIR
 * `display`, HSDS `name`). The browser names them from its catalogs
 * (locales/<language>/care.json), not from Intl.DisplayNames: Bun's and
 * Chromium's ICU name some differently ("Tagalog"/"Filipino", "Inglés"/"inglés",
 * `ase` unnamed), and a page rendered on the server must hydrate unchanged.
 */
export const SPOKEN_LANGUAGE_NAMES: Record<SpokenLanguage, string> = {
  en: 'English',
  es: 'Spanish',
  zh: 'Chinese',
  tl: 'Tagalog',
  vi: 'Vietnamese',
  ar: 'Arabic',
  fr: 'French',
  ko: 'Korean',
  ru: 'Russian',
  ht: 'Haitian Creole',
  pt: 'Portuguese',
  de: 'German',
  hi: 'Hindi',
  pl: 'Polish',
  ur: 'Urdu',
  fa: 'Persian',
  ja: 'Japanese',
  it: 'Italian',
  ase: 'American Sign Language',
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
