import { decodeBase32IgnorePadding } from '@oslojs/encoding'
import { eq } from 'drizzle-orm'
import { enableWithSecret } from '../features/accounts'
import fs from 'node:fs'
import path from 'node:path'
import { refreshPlannerStatistics, type DB, type Tx } from '../db/client'
import { transaction } from '../db/unit-of-work'
import {
  operator_subscriptions,
  profiles,
  properties,
  property_media,
  referrals,
  reviews,
  tour_schedules,
  user_roles,
  users,
} from '../db/schema'
import { clock, DAY } from '../lib/clock'
import { ageOn } from '../lib/dates'
import { CARE_LEVELS, FUNDING_SOURCES, NEARBY_SERVICES, ROOM_TYPES, SPOKEN_LANGUAGES } from '../db/enums'
import { FIFTY_STATES, zipsOfState, type ZipLocation } from '../features/geo'
import { newKey, writeFile } from '../storage/files'
import { seedBadgeDemo } from './badges-demo'

/**
 * The demo dataset: one admin, operators on free, premium and complimentary
 * plans, referrers, properties in all 50 states at real ZIP codes, referrals,
 * tours and reviews. Deterministic: the same seed gives the same data.
 */
export const DEMO_PASSWORD = 'homeward-demo'
/**
 * The demo admin signs in with two-factor (required for admins). Its secret is
 * public demo data: add it to an authenticator app (README). Base32 of the key.
 */
export const DEMO_ADMIN_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
export const DEMO_ACCOUNTS = [
  { email: 'admin@homeward.test', label: 'Admin', roles: ['admin'] as const },
  { email: 'premium@homeward.test', label: 'Operator (premium)', roles: ['operator'] as const },
  { email: 'comp@homeward.test', label: 'Operator (complimentary premium)', roles: ['operator'] as const },
  { email: 'free@homeward.test', label: 'Operator (free)', roles: ['operator'] as const },
  { email: 'referrer@homeward.test', label: 'Referrer (case manager)', roles: ['referrer'] as const },
  { email: 'family@homeward.test', label: 'Referrer (family)', roles: ['referrer'] as const },
]

/** mulberry32: a tiny deterministic PRNG. */
export function prng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const SUFFIXES = ['House', 'Manor', 'Cottage', 'Residence', 'Haven', 'Gardens', 'Place', 'Home']
const PREFIXES = ['Sunrise', 'Maple', 'Cedar', 'Willow', 'Harbor', 'Meadow', 'Oak', 'Pine', 'Briar', 'Lakeside']
const STREETS = ['Main St', 'Oak Ave', 'Elm St', 'Park Blvd', 'Cedar Ln', 'Lake Dr', 'Hillcrest Rd', 'River Rd']
const AMENITIES = [
  'Private rooms', 'Home-cooked meals', 'Garden', 'Laundry service', 'Transportation', 'Wi-Fi',
  'Medication management', 'Activities program', 'Wheelchair ramp', 'Pet-friendly yard', 'Cable TV', 'Chapel',
]
const DEMOGRAPHICS = ['Seniors', 'Adults with disabilities', 'Mental health recovery', 'Veterans', 'Memory care', 'Sober living']
const HOUSE_RULES = [
  'Quiet hours 10 pm to 7 am. Visitors welcome 9 am to 8 pm; please sign in at the front desk. No smoking indoors.',
  'Residents share chores on a weekly rota. Medications are kept and given by staff. Overnight guests by arrangement.',
  'Alcohol- and drug-free home. Curfew 10 pm on weekdays, midnight on weekends. House meeting every Sunday evening.',
  'Meals at 8 am, noon and 6 pm. Pets by agreement with the house manager. Smoking only in the garden area.',
]

/**
 * A home's care extras, consistent with its flags: 24/7 medical care
 * means skilled care is offered, private rooms and wheelchair access show in
 * the room types. Drawn from their own PRNG so the rest of the dataset stays
 * what it was before these columns existed.
 */
function propertyExtras(rand: () => number, flags: { medical_care_24_7: boolean; private_rooms: boolean; wheelchair_accessible: boolean }) {
  const lowest = Math.floor(rand() * 3) // independent, supervised or assisted
  const highest = flags.medical_care_24_7 ? 3 : Math.min(2, lowest + Math.floor(rand() * 2))
  const care_levels = CARE_LEVELS.slice(lowest, highest + 1)
  const funding_accepted = FUNDING_SOURCES.filter(
    (f) => f === 'private_pay' || rand() < ({ medicaid_waiver: 0.55, medicare: flags.medical_care_24_7 ? 0.5 : 0.05, ssi_ssdi: 0.45, va: 0.25, other: 0.1 } as Record<string, number>)[f]!,
  )
  const room_types = ROOM_TYPES.filter((r) =>
    r === 'private' ? flags.private_rooms : r === 'shared' ? !flags.private_rooms || rand() < 0.5 : r === 'accessible' ? flags.wheelchair_accessible : rand() < 0.3,
  )
  return {
    care_levels,
    funding_accepted,
    room_types,
    nearby_services: NEARBY_SERVICES.filter((s) => s !== 'place_of_worship' || rand() < 0.3).filter(() => rand() < 0.55),
    house_rules: HOUSE_RULES[Math.floor(rand() * HOUSE_RULES.length)]!,
  }
}

/** States where Spanish is spoken in many homes (ACS), and each state's other common languages at home. */
const SPANISH_STATES = new Set(['TX', 'CA', 'NM', 'AZ', 'FL', 'NV', 'NY', 'NJ', 'IL', 'CO'])
const STATE_LANGUAGES: Record<string, (typeof SPOKEN_LANGUAGES)[number][]> = {
  CA: ['zh', 'tl', 'vi', 'ko'], TX: ['vi', 'zh'], NY: ['zh', 'ru', 'ht'], FL: ['ht', 'pt'], HI: ['tl', 'ja'], MA: ['pt', 'ht'],
  WA: ['vi', 'zh', 'ru'], NJ: ['ko', 'pt', 'ar'], IL: ['pl', 'ar'], MI: ['ar'], LA: ['fr', 'vi'], ME: ['fr'], VT: ['fr'], NH: ['fr'],
  PA: ['ru', 'zh'], VA: ['ko', 'vi', 'ar'], MD: ['fr', 'ko'], GA: ['vi', 'ko'], MN: ['ru', 'vi'], OH: ['ar', 'de'], AK: ['tl'],
}
const OTHER_LANGUAGES = ['zh', 'vi', 'ar', 'fr', 'ko', 'de', 'ru', 'hi', 'ur', 'fa'] as const

/**
 * The languages a home's staff speak: English always, Spanish often (most
 * often where it is most spoken), sometimes a language common in the state,
 * rarely ASL. From their own PRNG, like the extras, so the rest stays as it was.
 */
function homeLanguages(rand: () => number, state: string) {
  const chosen = new Set<(typeof SPOKEN_LANGUAGES)[number]>(['en'])
  if (rand() < (SPANISH_STATES.has(state) ? 0.75 : 0.35)) chosen.add('es')
  if (rand() < 0.3) chosen.add(pick(rand, STATE_LANGUAGES[state] ?? OTHER_LANGUAGES))
  if (rand() < 0.08) chosen.add('ase')
  return SPOKEN_LANGUAGES.filter((l) => chosen.has(l))
}

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!
}
function pickSome<T>(rand: () => number, list: readonly T[], min: number, max: number): T[] {
  const n = min + Math.floor(rand() * (max - min + 1))
  return [...list].sort(() => rand() - 0.5).slice(0, n)
}

const zipCache = new Map<string, ZipLocation[]>()
function zipsFor(state: string) {
  let zips = zipCache.get(state)
  if (!zips) {
    zips = zipsOfState(state)
    zipCache.set(state, zips)
  }
  return zips
}

function propertyRow(rand: () => number, operatorId: string, state: string, createdAt: Date, extrasRand: () => number, languagesRand: () => number) {
  const zips = zipsFor(state)
  const place = zips[Math.floor(rand() * zips.length)]!
  const total = 2 + Math.floor(rand() * 10)
  const licensed = rand() < 0.6
  const pets = rand() < 0.4
  const row = {
    operator_id: operatorId,
    name: `${pick(rand, PREFIXES)} ${place.city.replace(/\b\w/g, (c) => c.toUpperCase())} ${pick(rand, SUFFIXES)}`.slice(0, 200),
    address: `${100 + Math.floor(rand() * 9800)} ${pick(rand, STREETS)}`,
    city: place.city,
    state: place.state,
    zip_code: place.zip,
    description:
      'A warm, family-style group home with round-the-clock staff, home-cooked meals and a calm neighbourhood setting. Residents share common living areas and enjoy daily activities.',
    total_beds: total,
    available_beds: Math.floor(rand() * (total + 1)),
    monthly_fee_cents: (1800 + Math.floor(rand() * 50) * 100) * 100,
    license_number: licensed ? `LIC-${state}-${Math.floor(rand() * 900000 + 100000)}` : null,
    licensing_type: licensed ? ('licensed' as const) : ('unlicensed' as const),
    pets_allowed: pets,
    sex_offender_friendly: rand() < 0.15,
    wheelchair_accessible: rand() < 0.6,
    private_rooms: rand() < 0.5,
    medical_care_24_7: rand() < 0.35,
    amenities: pickSome(rand, AMENITIES, 2, 6),
    demographics_served: pickSome(rand, DEMOGRAPHICS, 1, 3),
    latitude: place.latitude,
    longitude: place.longitude,
    geocoding_accuracy: 'zip',
    created_at: createdAt,
    updated_at: createdAt,
    beds_confirmed_at: createdAt,
  }
  return { ...row, ...propertyExtras(extrasRand, row), languages: homeLanguages(languagesRand, state) }
}

type Account = { id: string; email: string }

async function createAccount(
  tx: Tx,
  hash: string,
  a: { email: string; first: string; last: string; roles: readonly ('admin' | 'referrer' | 'operator')[] },
  profile: Partial<typeof profiles.$inferInsert> = {},
): Promise<Account> {
  const [user] = await tx
    .insert(users)
    .values({ email: a.email, password_hash: hash, email_verified_at: clock.now() })
    .returning({ id: users.id })
  if (!user) throw new Error(`could not create ${a.email}`)
  await tx.insert(profiles)
    .values({ id: user.id, email: a.email, first_name: a.first, last_name: a.last, phone: '(555) 010-0100', ...profile })

  for (const role of a.roles) await tx.insert(user_roles).values({ user_id: user.id, role })
  await tx.insert(operator_subscriptions).values({ user_id: user.id })
  return { id: user.id, email: a.email }
}

/** Seeds the demo dataset into an empty database. */
export async function seedDemo(database: DB, opts: { withImages?: boolean } = {}) {
  const rand = prng(20261122)
  const extrasRand = prng(20261122 ^ 0x15)
  const languagesRand = prng(20261122 ^ 0x1a)
  const hash = await Bun.password.hash(DEMO_PASSWORD, { algorithm: 'argon2id' })
  const now = clock.ms()
  const demoProperties: { id: string; operator: string }[] = []

  const ids = await transaction(database, async (tx) => {
    const admin = await createAccount(tx, hash, { email: 'admin@homeward.test', first: 'Avery', last: 'Admin', roles: ['admin'] })
    await enableWithSecret(tx, admin.id, decodeBase32IgnorePadding(DEMO_ADMIN_TOTP_SECRET))
    const premium = await createAccount(tx, hash, { email: 'premium@homeward.test', first: 'Rosa', last: 'Alvarez', roles: ['operator'] }, {
      username: 'sunrise-care',
      organization_name: 'Sunrise Care Homes',
      bio: 'Sunrise Care Homes has operated licensed residential care homes since 2009. Our small homes offer private and shared rooms, 24/7 trained staff, medication management and home-cooked meals. We work closely with case managers and families to make every placement a good fit, and we answer referrals within a day.',
      profile_published: true,
      years_of_experience: 15,
      licensing_type: 'licensed',
      verification_status: 'verified',
      social_links: { website: 'https://sunrise-care.example', facebook: 'https://facebook.com/sunrisecare' },
      specializations: ['dementia_care', 'medically_complex', 'hospice_palliative'],
    })
    const comp = await createAccount(tx, hash, { email: 'comp@homeward.test', first: 'Marcus', last: 'Bell', roles: ['operator'] }, {
      username: 'harbor-family',
      organization_name: 'Harbor Family Homes',
      bio: 'Harbor Family Homes is a family-run network of small homes for adults with disabilities and seniors. We are completing state licensing and focus on calm, structured days with plenty of time outdoors.',
      profile_published: true,
      years_of_experience: 6,
      licensing_type: 'in_progress',
      specializations: ['developmental_disabilities', 'physical_disabilities'],
    })
    const free = await createAccount(tx, hash, { email: 'free@homeward.test', first: 'Linda', last: 'Okafor', roles: ['operator'] }, {
      username: 'maple-street',
      organization_name: 'Maple Street Home',
      bio: 'A single family-operated home in a quiet Austin neighbourhood with room for four residents. We cook together, garden together and treat everyone like family. Call us to arrange a visit any weekday afternoon.',
      profile_published: true,
      years_of_experience: 3,
      licensing_type: 'unlicensed',
      specializations: ['mental_health'],
    })
    const referrer = await createAccount(tx, hash, { email: 'referrer@homeward.test', first: 'Dana', last: 'Whitfield', roles: ['referrer'] })
    const family = await createAccount(tx, hash, { email: 'family@homeward.test', first: 'Sam', last: 'Nguyen', roles: ['referrer'] })

    await tx.update(operator_subscriptions)
      .set({
        tier: 'premium',
        status: 'active',
        provider: 'offline',
        product_id: 'homeward-premium',
        current_period_end: new Date(now + 20 * DAY),
      })
      .where(eqUser(premium.id))

    await tx.update(operator_subscriptions)
      .set({ is_complimentary: true, granted_at: new Date(now - 10 * DAY), granted_by: 'admin@homeward.test' })
      .where(eqUser(comp.id))


    // One property per state: 35 for the premium operator, 15 for the complimentary one.
    for (const [i, state] of FIFTY_STATES.entries()) {
      const owner = i % 10 < 7 ? premium.id : comp.id
      const row = propertyRow(rand, owner, state, new Date(now - (i + 1) * DAY), extrasRand, languagesRand)
      row.available_beds = Math.max(1, row.available_beds)
      const [inserted] = await tx.insert(properties).values(row).returning({ id: properties.id })
      demoProperties.push({ id: inserted!.id, operator: owner })
    }
    // The free operator's single home, in Austin.
    const austin = propertyRow(rand, free.id, 'TX', new Date(now - 3 * DAY), extrasRand, languagesRand)
    Object.assign(austin, {
      name: 'Maple Street Home', city: 'Austin', zip_code: '78704', latitude: 30.2428, longitude: -97.7658,
      available_beds: 2, total_beds: 4,
      care_levels: ['independent', 'supervised'], funding_accepted: ['private_pay', 'ssi_ssdi'], room_types: ['shared'],
      nearby_services: ['pharmacy', 'transit', 'grocery', 'park'],
      house_rules: 'We share dinner at 6 pm and chores on a weekly rota. Visitors welcome until 8 pm. No smoking or alcohol in the house.',
      languages: ['en', 'es'],
    })
    const [freeProperty] = await tx.insert(properties).values(austin).returning({ id: properties.id })
    demoProperties.push({ id: freeProperty!.id, operator: free.id })
    // A property without coordinates (kept in radius searches).
    const nocoords = propertyRow(rand, premium.id, 'TX', new Date(now - 2 * DAY), extrasRand, languagesRand)
    Object.assign(nocoords, { name: 'Sunrise Hill Country House', latitude: null, longitude: null, geocoding_accuracy: null, available_beds: Math.min(3, nocoords.total_beds) })
    await tx.insert(properties).values(nocoords)

    const referralBase = {
      referrer_user_id: referrer.id,
      referrer_name: 'Dana Whitfield',
      referrer_relationship: 'case-manager',
      referrer_email: referrer.email,
      referrer_phone: '(555) 010-0100',
      status: 'pending' as const,
      visibility_level: 'masked',
    }
    const demoReferrals = [
      { client_first_name: 'Eleanor', client_last_name: 'Price', client_dob: '1948-03-14', client_gender: 'female', preferred_state: 'TX', preferred_cities: ['Austin', 'Round Rock'], budget_range: '$3,000-$4,000', budget_max_cents: 400000, client_medical_conditions: 'Type 2 diabetes, mild dementia', requires_wheelchair_accessible: true, level_of_care: 'assisted' as const, funding_source: 'medicaid_waiver' as const, timeline: 'within_2_weeks' as const },
      { client_first_name: 'Walter', client_last_name: 'Greene', client_dob: '1961-09-02', client_gender: 'male', preferred_state: 'CA', preferred_cities: ['Sacramento'], budget_range: '$2,000-$3,000', budget_max_cents: 300000, client_medical_conditions: 'COPD, uses oxygen at night', requires_medical_care_24_7: true, level_of_care: 'skilled' as const, funding_source: 'medicare' as const, timeline: 'immediately' as const, is_urgent: true },
      { client_first_name: 'Maria', client_last_name: 'Santos', client_dob: '1990-06-21', client_gender: 'female', preferred_state: 'FL', preferred_cities: ['Tampa', 'Orlando'], budget_range: '$1,500-$2,500', budget_max_cents: 250000, client_medical_conditions: 'Bipolar disorder, stable on medication', level_of_care: 'supervised' as const, funding_source: 'ssi_ssdi' as const, timeline: 'within_30_days' as const },
      { client_first_name: 'James', client_last_name: 'Porter', client_dob: '1975-12-30', client_gender: 'male', preferred_state: 'NY', preferred_cities: ['Albany'], budget_range: '$3,000-$4,000', budget_max_cents: 400000, client_medical_conditions: 'Recovering from hip replacement', requires_pet_friendly: true, level_of_care: 'independent' as const, funding_source: 'private_pay' as const, timeline: 'flexible' as const },
    ]
    for (const [i, r] of demoReferrals.entries()) {
      await tx
        .insert(referrals)
        .values({
          ...referralBase,
          ...r,
          client_age: ageOn(r.client_dob, new Date(now)),
          created_at: new Date(now - (i + 1) * 6 * 3_600_000),
        })

    }
    await tx.insert(referrals)
      .values({
        ...referralBase,
        referrer_user_id: family.id,
        referrer_name: 'Sam Nguyen',
        referrer_relationship: 'family',
        referrer_email: family.email,
        client_first_name: 'Hoa',
        client_last_name: 'Nguyen',
        client_dob: '1952-01-09',
        client_age: ageOn('1952-01-09', new Date(now)),
        client_gender: 'female',
        preferred_state: 'WA',
        preferred_cities: ['Seattle'],
        budget_range: '$4,000-$5,000',
        budget_max_cents: 500000,
        client_medical_conditions: 'Parkinson disease',
        level_of_care: 'assisted',
        funding_source: 'private_pay',
        timeline: 'within_30_days',
      })


    const first = demoProperties[0]!
    await tx.insert(tour_schedules)
      .values([
        { property_id: first.id, visitor_name: 'Jordan Lee', visitor_email: 'jordan@example.com', visitor_phone: '(555) 010-3000', scheduled_date: isoDate(now + 3 * DAY), scheduled_time: '10:30', notes: 'Visiting with my father.' },
        { property_id: first.id, visitor_name: 'Priya Shah', visitor_email: 'priya@example.com', visitor_phone: '(555) 010-3001', scheduled_date: isoDate(now - 5 * DAY), scheduled_time: '14:00', notes: '', status: 'confirmed' },
      ])

    await tx.insert(reviews)
      .values([
        // Category ratings: communication, professionalism, facility quality, overall experience.
        { property_id: first.id, reviewer_name: 'Karen M.', reviewer_email: 'karen@example.com', rating: 5, review_text: 'Staff were kind and responsive; my mother settled in quickly.', status: 'approved', communication_rating: 5, professionalism_rating: 5, facility_quality_rating: 4, overall_experience_rating: 5 },
        { property_id: first.id, reviewer_name: 'Tom R.', reviewer_email: 'tom@example.com', rating: 4, review_text: 'Clean, calm home with good food. Communication could be faster.', status: 'approved', communication_rating: 3, professionalism_rating: 4, facility_quality_rating: 5, overall_experience_rating: 4 },
        { property_id: first.id, reviewer_name: 'Alex P.', reviewer_email: 'alex@example.com', rating: 3, review_text: 'Nice place but parking for visitors is tight.', communication_rating: 4, professionalism_rating: 3, facility_quality_rating: 3, overall_experience_rating: 3 },
      ])

    return { admin, premium, comp, free, referrer, family }
  })

  if (opts.withImages !== false) await attachDemoImages(database, demoProperties)
  await seedBadgeDemo(database, { admin: ids.admin.id, premium: ids.premium.id, comp: ids.comp.id, properties: demoProperties })
  return ids
}

const eqUser = (id: string) => eq(operator_subscriptions.user_id, id)

/** Copies the packaged demo photos into uploads, 1 to 3 per property. */
async function attachDemoImages(database: DB, list: { id: string }[]) {
  const dir = path.join(import.meta.dir, 'images')
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.webp')).sort() : []
  if (files.length === 0) return
  const rows: (typeof property_media.$inferInsert)[] = []
  for (const [i, property] of list.entries()) {
    const count = 1 + (i % 3)
    for (let n = 0; n < count; n++) {
      const file = files[(i + n) % files.length]!
      const bytes = fs.readFileSync(path.join(dir, file))
      const key = newKey('property-images', property.id, 'webp')
      await writeFile(key, bytes)
      rows.push({ property_id: property.id, kind: 'image', storage_key: key, thumb_key: key, mime_type: 'image/webp', size_bytes: bytes.length, position: n })
    }
  }
  await transaction(database, (tx) => tx.insert(property_media).values(rows))
}

/**
 * Bulk properties for benchmarks: N properties spread over the 50 states at
 * real ZIP codes, owned by a handful of premium operators. Deterministic.
 */
export async function seedProperties(database: DB, count: number, seed = 42) {
  const rand = prng(seed)
  const extrasRand = prng(seed ^ 0x15)
  const languagesRand = prng(seed ^ 0x1a)
  const hash = await Bun.password.hash(DEMO_PASSWORD, { algorithm: 'argon2id' })
  const now = clock.ms()
  await transaction(database, async (tx) => {
    const owners: string[] = []
    for (let i = 0; i < 20; i++) {
      const email = `bench-operator-${seed}-${i}@homeward.test`
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)
      if (existing) {
        owners.push(existing.id)
        continue
      }
      const a = await createAccount(tx, hash, { email, first: 'Bench', last: `Operator ${i}`, roles: ['operator'] })
      await tx.update(operator_subscriptions).set({ is_complimentary: true, granted_at: new Date(now) }).where(eqUser(a.id))
      owners.push(a.id)
    }
    const batch: ReturnType<typeof propertyRow>[] = []
    for (let i = 0; i < count; i++) {
      const state = FIFTY_STATES[Math.floor(rand() * FIFTY_STATES.length)]!
      batch.push(propertyRow(rand, owners[i % owners.length]!, state, new Date(now - i * 60_000), extrasRand, languagesRand))
      if (batch.length === 500) {
        await tx.insert(properties).values(batch)
        batch.length = 0
      }
    }
    if (batch.length) await tx.insert(properties).values(batch)
  })
  await refreshPlannerStatistics(database)
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)
