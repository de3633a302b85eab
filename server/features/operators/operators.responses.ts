import { z } from 'zod'

/** Response bodies of the operator routes (OpenAPI; the services' return values). */
export const profileViewRecordedSchema = z.object({ recorded: z.boolean().describe('false when the operator views their own profile') })
export const profilePhotoSchema = z.object({ profile_photo: z.string().describe('Public /media URL') })
export const introVideoSchema = z.object({ video_intro: z.string().describe('Public /media URL') })
export const introVideoRemovedSchema = z.object({ video_intro: z.null() })
export const myStatsSchema = z.object({
  active_properties: z.number().int(),
  interests: z.number().int(),
  upcoming_tours: z.number().int(),
  unread_messages: z.number().int(),
})
export const profileCompletionSchema = z.object({
  percent: z.number(),
  earned: z.number(),
  applicable: z.number(),
  items: z.array(z.object({ key: z.string(), label: z.string(), weight: z.number(), done: z.boolean() })),
})
