/**
 * Profile completion score. Pure arithmetic, shared with the
 * client's Profile Completion card: weights are profile photo 15, username 10,
 * bio of 150+ characters 15, organization name 10, at least one property 20,
 * property photos 20, video tour 10 — the video counts only for premium, so a
 * free operator is scored out of 90. Percent = earned / applicable, rounded.
 */
export type CompletionFacts = {
  hasPhoto: boolean
  hasUsername: boolean
  bioLength: number
  hasOrganization: boolean
  propertyCount: number
  hasPropertyPhotos: boolean
  hasVideo: boolean
  premium: boolean
}

export const COMPLETION_ITEMS = [
  { key: 'photo', label: 'Profile photo', weight: 15 },
  { key: 'username', label: 'Username (public profile link)', weight: 10 },
  { key: 'bio', label: 'Bio of 150+ characters', weight: 15 },
  { key: 'organization', label: 'Organization name', weight: 10 },
  { key: 'property', label: 'At least 1 property', weight: 20 },
  { key: 'property_photos', label: 'Property photos', weight: 20 },
  { key: 'video', label: 'Video tour', weight: 10, premiumOnly: true },
] as const

export const BIO_TARGET = 150

export function profileCompletion(facts: CompletionFacts) {
  const done: Record<(typeof COMPLETION_ITEMS)[number]['key'], boolean> = {
    photo: facts.hasPhoto,
    username: facts.hasUsername,
    bio: facts.bioLength >= BIO_TARGET,
    organization: facts.hasOrganization,
    property: facts.propertyCount >= 1,
    property_photos: facts.hasPropertyPhotos,
    video: facts.hasVideo,
  }
  const items = COMPLETION_ITEMS.filter((i) => !('premiumOnly' in i && i.premiumOnly) || facts.premium).map((i) => ({
    key: i.key,
    label: i.label,
    weight: i.weight,
    done: done[i.key],
  }))
  const applicable = items.reduce((sum, i) => sum + i.weight, 0)
  const earned = items.reduce((sum, i) => sum + (i.done ? i.weight : 0), 0)
  return { percent: applicable ? Math.round((earned / applicable) * 100) : 0, earned, applicable, items }
}

export type ProfileCompletion = ReturnType<typeof profileCompletion>
