import { z } from 'zod'
import { keyed } from '../../i18n/keyed'
import { CARE_LEVELS, FUNDING_SOURCES, HOUSE_RULES_MAX, HOUSE_RULES_MESSAGE, MESSAGES, NEARBY_SERVICES, ROOM_TYPES, SPECIALIZATIONS, SPOKEN_LANGUAGES, TIMELINES } from './care-extras.constants'

/**
 * Care extras, shared by referrals, properties and operator
 * profiles, and by the server validators and the client forms: each list
 * exists once (db/enums.ts, where the CHECK constraints read it too), each
 * label and each message exists once, in care-extras.constants.ts (zod-free,
 * re-exported here). Pure: safe for the client.
 *
 * Matching compares a referral's level of care and funding source with the
 * same values a home declares, so the two sides can never drift apart.
 */
export * from './care-extras.constants'

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

/** How an unknown entry is named in the message: quoted, cut short (it is the sender's text). */
const shown = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v.slice(0, 20)) : (JSON.stringify(v) ?? String(v)).slice(0, 20))

/**
 * The languages a home's staff speak: BCP 47 tags of SPOKEN_LANGUAGES, in any
 * case (tags are case-insensitive: `ES` is `es`), stored lower-case, in list
 * order, each once. Like choiceList, but the message names the unknown codes,
 * so an API client sees which tag it sent wrong. Messages are catalog keys
 * (server/i18n/<language>/validation.json).
 */
export const languageList = z.preprocess(
  (v) => {
    const list = v === false || isBlank(v) ? [] : typeof v === 'string' ? [v] : v
    return Array.isArray(list) ? list.map((x) => (typeof x === 'string' ? x.trim().toLowerCase() : x)) : list
  },
  z
    .array(z.unknown(), { error: 'validation.languages.list' })
    .max(SPOKEN_LANGUAGES.length * 4, 'validation.languages.list')
    .superRefine((chosen, ctx) => {
      const unknown = chosen.filter((v) => !(SPOKEN_LANGUAGES as readonly unknown[]).includes(v))
      if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: keyed('validation.languages.unknown', { codes: unknown.slice(0, 3).map(shown).join(', ') }) })
    })
    .transform((chosen) => SPOKEN_LANGUAGES.filter((code) => chosen.includes(code))),
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
  languages: languageList,
}

export const operatorExtrasFields = {
  specializations: choiceList(SPECIALIZATIONS, MESSAGES.specializations),
}
