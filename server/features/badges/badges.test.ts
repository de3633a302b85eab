import { afterEach, describe, expect, test } from 'bun:test'
import { eq, sql } from 'drizzle-orm'
import { rows } from '../../db/raw'
import { conversations, invitations, messages, profiles, referral_interests, referral_matches, reviews } from '../../db/schema'
import { clock, DAY, HOUR } from '../../lib/clock'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'
import { insertProperty, insertReferral } from '../admin/test-fixtures'
import {
  QUICK_RESPONSE_MAX_MEDIAN_HOURS,
  QUICK_RESPONSE_MIN_SAMPLES,
  QUICK_RESPONSE_WINDOW_DAYS,
  TOP_RATED_MIN_AVERAGE,
  TOP_RATED_MIN_REVIEWS,
} from './badge-rules'
import { median, operatorBadges } from './operator-badges'

setupTestDb()

const NOW = new Date('2030-06-15T12:00:00Z')
afterEach(() => clock.reset())

/** A premium operator with a published profile and one home. */
async function operator(plan: 'premium' | 'complimentary' | 'free' = 'premium') {
  const username = `op-${crypto.randomUUID().slice(0, 8)}`
  const u = await createUser({ roles: ['operator'], plan, username, licensing_type: 'licensed' })
  const home = await insertProperty(u.id)
  return { ...u, username, home }
}

const keys = async (username: string) => {
  const res = await anonymous().get(`/api/operators/${username}`)
  expect(res.status).toBe(200)
  return (res.json.badges as { key: string }[]).map((b) => b.key)
}

async function review(propertyId: string, rating: number, approved = true) {
  await db.insert(reviews)
    .values({
      property_id: propertyId,
      reviewer_name: 'Ann',
      reviewer_email: 'ann@example.com',
      rating,
      review_text: 'A calm and caring home.',
      status: approved ? 'approved' : 'pending',
    })
    .run()
}

/**
 * One referral reaching the operator `reachedAgo` before now (a match, or an
 * invitation), answered `after` later by interest or a message (or not at all).
 */
async function reach(operatorId: string, opts: { reachedAgo: number; after?: number | null; via?: 'match' | 'invitation'; answer?: 'interest' | 'message' }) {
  const referral = await insertReferral()
  const reachedAt = new Date(clock.ms() - opts.reachedAgo)
  if ((opts.via ?? 'match') === 'match') {
    await db.insert(referral_matches).values({ referral_id: referral.id, operator_id: operatorId, score: 50, created_at: reachedAt }).run()
  } else {
    await db.insert(invitations).values({ referral_id: referral.id, operator_id: operatorId, created_at: reachedAt }).run()
  }
  if (opts.after == null) return referral
  const answeredAt = new Date(reachedAt.getTime() + opts.after)
  if ((opts.answer ?? 'interest') === 'interest') {
    await db.insert(referral_interests).values({ referral_id: referral.id, operator_id: operatorId, created_at: answeredAt }).run()
  } else {
    const conversation = await db.insert(conversations).values({ referral_id: referral.id, operator_id: operatorId, opened_by: 'invitation' }).returning().get()
    await db.insert(messages)
      .values({ conversation_id: conversation.id, referral_id: referral.id, sender_id: operatorId, message_text: 'We have a room.', created_at: answeredAt })
      .run()
  }
  return referral
}

describe('the thresholds', () => {
  test('are the ones the issue asks for, defined once', () => {
    expect({ TOP_RATED_MIN_AVERAGE, TOP_RATED_MIN_REVIEWS, QUICK_RESPONSE_MAX_MEDIAN_HOURS, QUICK_RESPONSE_WINDOW_DAYS, QUICK_RESPONSE_MIN_SAMPLES }).toEqual({
      TOP_RATED_MIN_AVERAGE: 4.5,
      TOP_RATED_MIN_REVIEWS: 3,
      QUICK_RESPONSE_MAX_MEDIAN_HOURS: 24,
      QUICK_RESPONSE_WINDOW_DAYS: 90,
      QUICK_RESPONSE_MIN_SAMPLES: 3,
    })
  })

  test('median: middle value, or the mean of the two middle values', () => {
    expect(median([])).toBeNull()
    expect(median([5, 1, 3])).toBe(3)
    expect(median([4, 1, 3, 2])).toBe(2.5)
  })
})

describe('Top Rated', () => {
  test('an average of exactly 4.5 over 4 approved reviews earns it; 4.25 does not', async () => {
    const exact = await operator()
    for (const r of [5, 5, 4, 4]) await review(exact.home.id, r)
    expect(await keys(exact.username)).toContain('top_rated')

    const below = await operator()
    for (const r of [5, 5, 4, 3]) await review(below.home.id, r)
    expect(await keys(below.username)).not.toContain('top_rated')
  })

  test('judged on the average as shown: 4.45 shows as 4.5 and earns it, 4.44 shows as 4.4 and does not', async () => {
    const shown45 = await operator()
    // 20 reviews totalling 89: 4.45
    for (let i = 0; i < 20; i++) await review(shown45.home.id, i < 9 ? 5 : 4)
    const profile = (await anonymous().get(`/api/operators/${shown45.username}`)).json
    expect(profile.rating).toMatchObject({ review_count: 20, average_rating: 4.5 })
    expect(await keys(shown45.username)).toContain('top_rated')

    const shown44 = await operator()
    // 25 reviews totalling 111: 4.44
    for (let i = 0; i < 25; i++) await review(shown44.home.id, i < 11 ? 5 : 4)
    expect((await anonymous().get(`/api/operators/${shown44.username}`)).json.rating.average_rating).toBe(4.4)
    expect(await keys(shown44.username)).not.toContain('top_rated')
  })

  test('needs at least 3 approved reviews: 3 earn it, 2 (even all 5 stars) do not', async () => {
    const three = await operator()
    for (const r of [5, 5, 4]) await review(three.home.id, r)
    expect(await keys(three.username)).toContain('top_rated')

    const two = await operator()
    for (const r of [5, 5]) await review(two.home.id, r)
    expect(await keys(two.username)).not.toContain('top_rated')
  })

  test('pending and rejected reviews do not count, and reviews of all the operator\'s homes do', async () => {
    const o = await operator()
    await review(o.home.id, 5)
    await review(o.home.id, 5)
    await review(o.home.id, 5, false) // pending: not public, not counted
    expect(await keys(o.username)).not.toContain('top_rated')
    const second = await insertProperty(o.id)
    await review(second.id, 5)
    expect(await keys(o.username)).toContain('top_rated')
    // A low pending review changes nothing either.
    await review(o.home.id, 1, false)
    expect(await keys(o.username)).toContain('top_rated')
  })
})

describe('Quick Response', () => {
  test('a median of exactly 24 hours over 3 answered referrals earns it; 24 hours and 1 ms does not', async () => {
    clock.set(NOW)
    const exact = await operator()
    await reach(exact.id, { reachedAgo: 10 * DAY, after: 1 * HOUR })
    await reach(exact.id, { reachedAgo: 10 * DAY, after: 24 * HOUR })
    await reach(exact.id, { reachedAgo: 10 * DAY, after: 30 * HOUR })
    expect(await keys(exact.username)).toContain('quick_response')

    const beyond = await operator()
    await reach(beyond.id, { reachedAgo: 10 * DAY, after: 1 * HOUR })
    await reach(beyond.id, { reachedAgo: 10 * DAY, after: 24 * HOUR + 1 })
    await reach(beyond.id, { reachedAgo: 10 * DAY, after: 30 * HOUR })
    expect(await keys(beyond.username)).not.toContain('quick_response')
  })

  test('needs 3 answered referrals: 2 quick answers and an unanswered one are not enough', async () => {
    clock.set(NOW)
    const o = await operator()
    await reach(o.id, { reachedAgo: 5 * DAY, after: 10 * 60_000 })
    await reach(o.id, { reachedAgo: 5 * DAY, after: 20 * 60_000 })
    await reach(o.id, { reachedAgo: 5 * DAY, after: null })
    expect(await keys(o.username)).not.toContain('quick_response')
    await reach(o.id, { reachedAgo: 1 * DAY, after: 2 * HOUR })
    expect(await keys(o.username)).toContain('quick_response')
  })

  test('counts referrals that reached the operator in the last 90 days: exactly 90 days ago counts, 1 ms earlier does not', async () => {
    clock.set(NOW)
    const inWindow = await operator()
    await reach(inWindow.id, { reachedAgo: 2 * DAY, after: HOUR })
    await reach(inWindow.id, { reachedAgo: 2 * DAY, after: HOUR })
    await reach(inWindow.id, { reachedAgo: 90 * DAY, after: HOUR })
    expect(await keys(inWindow.username)).toContain('quick_response')

    const outside = await operator()
    await reach(outside.id, { reachedAgo: 2 * DAY, after: HOUR })
    await reach(outside.id, { reachedAgo: 2 * DAY, after: HOUR })
    await reach(outside.id, { reachedAgo: 90 * DAY + 1, after: HOUR })
    expect(await keys(outside.username)).not.toContain('quick_response')
  })

  test('an invitation reaches the operator too, and a message they send answers it', async () => {
    clock.set(NOW)
    const o = await operator()
    for (let i = 0; i < 3; i++) await reach(o.id, { reachedAgo: 3 * DAY, after: 3 * HOUR, via: 'invitation', answer: 'message' })
    expect(await keys(o.username)).toContain('quick_response')
  })

  test('the first answer counts, and a referral the operator acted on before it reached them gives no sample', async () => {
    clock.set(NOW)
    const o = await operator()
    // Interest after 1 hour, a message days later: the interest is the answer.
    const referral = await reach(o.id, { reachedAgo: 20 * DAY, after: 1 * HOUR })
    const conversation = await db.insert(conversations).values({ referral_id: referral.id, operator_id: o.id, opened_by: 'interest' }).returning().get()
    await db.insert(messages)
      .values({ conversation_id: conversation.id, referral_id: referral.id, sender_id: o.id, message_text: 'Later', created_at: new Date(clock.ms() - 10 * DAY) })
      .run()
    await reach(o.id, { reachedAgo: 20 * DAY, after: 2 * HOUR })
    // Interest from browsing a day before the invitation: not a response to the invitation.
    const early = await insertReferral()
    await db.insert(referral_interests).values({ referral_id: early.id, operator_id: o.id, created_at: new Date(clock.ms() - 6 * DAY) }).run()
    await db.insert(invitations).values({ referral_id: early.id, operator_id: o.id, created_at: new Date(clock.ms() - 5 * DAY) }).run()
    expect(await keys(o.username)).not.toContain('quick_response')
    await reach(o.id, { reachedAgo: 4 * DAY, after: 5 * HOUR })
    expect(await keys(o.username)).toContain('quick_response')
  })

  test("the referrer's messages are not the operator's answer", async () => {
    clock.set(NOW)
    const o = await operator()
    const referrer = await createUser({ roles: ['referrer'] })
    for (let i = 0; i < 3; i++) {
      const referral = await reach(o.id, { reachedAgo: 3 * DAY, after: null })
      const conversation = await db.insert(conversations).values({ referral_id: referral.id, operator_id: o.id, opened_by: 'invitation' }).returning().get()
      await db.insert(messages)
        .values({ conversation_id: conversation.id, referral_id: referral.id, sender_id: referrer.id, message_text: 'Hello?', created_at: new Date(clock.ms() - 2 * DAY) })
        .run()
    }
    expect(await keys(o.username)).not.toContain('quick_response')
  })
})

describe('Verified and Premium', () => {
  test('Verified follows verification_status; Premium is the subscription, however it is paid for', async () => {
    const paid = await operator('premium')
    await db.update(profiles).set({ verification_status: 'verified' }).where(eq(profiles.id, paid.id)).run()
    const res = await anonymous().get(`/api/operators/${paid.username}`)
    expect(res.json.badges.map((b: { label: string }) => b.label)).toEqual(['Verified', 'Premium'])
    expect(res.json.badges[0].description).toContain("An admin checked this operator's license proof")

    const comp = await operator('complimentary')
    const compBadges = (await anonymous().get(`/api/operators/${comp.username}`)).json.badges
    expect(compBadges.map((b: { label: string }) => b.label)).toEqual(['Premium'])

    const free = await operator('free')
    await db.update(profiles).set({ verification_status: 'pending' }).where(eq(profiles.id, free.id)).run()
    expect(await keys(free.username)).toEqual([])
  })

  test('badges are on the operator cards of /browse-operators and on the property page', async () => {
    clock.set(NOW)
    const o = await operator()
    for (const r of [5, 5, 5]) await review(o.home.id, r)
    for (let i = 0; i < 3; i++) await reach(o.id, { reachedAgo: DAY, after: HOUR })
    await insertProperty(o.id, { city: 'Badgerton' })
    const cards = await anonymous().get('/api/operators?state=TX&city=Badgerton')
    const card = cards.json.items.find((c: { id: string }) => c.id === o.id)
    expect(card.badges.map((b: { key: string }) => b.key)).toEqual(['premium', 'top_rated', 'quick_response'])
    const property = await anonymous().get(`/api/properties/${o.home.id}`)
    expect(property.json.operator.badges.map((b: { key: string }) => b.key)).toEqual(['premium', 'top_rated', 'quick_response'])
    expect((await operatorBadges(db, [o.id])).get(o.id)!.map((b) => b.key)).toEqual(['premium', 'top_rated', 'quick_response'])
  })
})

describe('badges never contradict what the page says', () => {
  test("a home with no review of its own carries the operator's rating that Top Rated is judged on, as the profile states it", async () => {
    const o = await operator()
    for (const r of [5, 5, 4]) await review(o.home.id, r)
    const unreviewed = await insertProperty(o.id)
    const home = (await anonymous().get(`/api/properties/${unreviewed.id}`)).json
    expect(home.operator.badges.map((b: { key: string }) => b.key)).toContain('top_rated')
    expect(home).toMatchObject({ review_count: 0, reviews: [] })
    expect(home.operator.rating).toEqual({ review_count: 3, average_rating: 4.7 })
    const profile = (await anonymous().get(`/api/operators/${o.username}`)).json
    expect(profile.rating).toMatchObject(home.operator.rating)

    const unrated = await operator()
    expect((await anonymous().get(`/api/properties/${unrated.home.id}`)).json.operator.rating).toEqual({ review_count: 0, average_rating: null })
  })

  test('an operator whose license proof awaits review is listed without Verified, on /browse-operators, the profile and the home', async () => {
    const o = await operator()
    await insertProperty(o.id, { city: 'Proofville' })
    await db.update(profiles).set({ verification_status: 'pending' }).where(eq(profiles.id, o.id)).run()
    const card = (await anonymous().get('/api/operators?state=TX&city=Proofville')).json.items.find((c: { id: string }) => c.id === o.id)
    expect(card.badges.map((b: { key: string }) => b.key)).toEqual(['premium'])
    expect(await keys(o.username)).toEqual(['premium'])
    expect((await anonymous().get(`/api/properties/${o.home.id}`)).json.operator.badges.map((b: { key: string }) => b.key)).toEqual(['premium'])
    await db.update(profiles).set({ verification_status: 'verified' }).where(eq(profiles.id, o.id)).run()
    expect(await keys(o.username)).toEqual(['verified', 'premium'])
  })
})

describe('a client request never sets a badge', () => {
  test('verification_status and badges in a profile update are ignored, never stored', async () => {
    const o = await operator()
    const res = await o.agent.patch('/api/my/profile', {
      first_name: 'Olive',
      verification_status: 'verified',
      badges: [{ key: 'verified' }, { key: 'top_rated' }, { key: 'quick_response' }],
      top_rated: true,
    })
    expect(res.status).toBe(200)
    expect(res.json.verification_status).toBe('unverified')
    const stored = (await db.select().from(profiles).where(eq(profiles.id, o.id)).get())!
    expect(stored).toMatchObject({ first_name: 'Olive', verification_status: 'unverified' })
    expect(await keys(o.username)).toEqual(['premium'])

    // Alone, it changes nothing at all.
    const only = await o.agent.patch('/api/my/profile', { verification_status: 'verified' })
    expect(only.status).toBe(200)
    expect((await db.select().from(profiles).where(eq(profiles.id, o.id)).get())!.verification_status).toBe('unverified')
  })

  test('the database refuses a verification status outside the list', async () => {
    const row = (await db.select().from(profiles).limit(1).get())!
    await expect(rows(db, sql`UPDATE profiles SET verification_status = 'trusted' WHERE id = ${row.id}`)).rejects.toThrow(/verification_status/)
  })
})
