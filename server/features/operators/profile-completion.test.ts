import { describe, expect, test } from 'bun:test'
import { profileCompletion, type CompletionFacts } from './profile-completion'

const empty: CompletionFacts = {
  hasPhoto: false,
  hasUsername: false,
  bioLength: 0,
  hasOrganization: false,
  propertyCount: 0,
  hasPropertyPhotos: false,
  hasVideo: false,
  premium: false,
}

describe('profile completion', () => {
  test('nothing done is 0 %; everything done is 100 % on both plans', () => {
    expect(profileCompletion(empty).percent).toBe(0)
    const full = { hasPhoto: true, hasUsername: true, bioLength: 150, hasOrganization: true, propertyCount: 1, hasPropertyPhotos: true, hasVideo: true }
    expect(profileCompletion({ ...empty, ...full, premium: true })).toMatchObject({ percent: 100, earned: 100, applicable: 100 })
    expect(profileCompletion({ ...empty, ...full, premium: false })).toMatchObject({ percent: 100, earned: 90, applicable: 90 })
  })

  test('the video counts only for premium', () => {
    const free = profileCompletion({ ...empty, hasVideo: true })
    expect(free.applicable).toBe(90)
    expect(free.items.some((i) => i.key === 'video')).toBe(false)
    expect(profileCompletion({ ...empty, hasVideo: true, premium: true }).percent).toBe(10)
  })

  test.each([
    // photo 15 + username 10 = 25 of 90 → 27.8 → 28
    [{ hasPhoto: true, hasUsername: true }, false, 28],
    // same on premium: 25 of 100
    [{ hasPhoto: true, hasUsername: true }, true, 25],
    // bio 149 characters earns nothing, 150 earns 15 of 90 → 16.7 → 17
    [{ bioLength: 149 }, false, 0],
    [{ bioLength: 150 }, false, 17],
    // organization 10 + property 20 + photos 20 = 50 of 90 → 55.6 → 56
    [{ hasOrganization: true, propertyCount: 3, hasPropertyPhotos: true }, false, 56],
    // all six free items: 90 of 90
    [{ hasPhoto: true, hasUsername: true, bioLength: 400, hasOrganization: true, propertyCount: 1, hasPropertyPhotos: true }, false, 100],
    // without the organization: 80 of 90 → 88.9 → 89; premium 80 of 100
    [{ hasPhoto: true, hasUsername: true, bioLength: 400, propertyCount: 1, hasPropertyPhotos: true }, false, 89],
    [{ hasPhoto: true, hasUsername: true, bioLength: 400, propertyCount: 1, hasPropertyPhotos: true }, true, 80],
  ] as const)('%p (premium %p) → %p %%', (facts, premium, percent) => {
    expect(profileCompletion({ ...empty, ...facts, premium }).percent).toBe(percent)
  })
})
