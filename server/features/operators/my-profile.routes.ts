import { mediaUploads, profilePhotoUploads } from '../../storage/upload-limits'
import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { errors, jsonResponse } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { profilePhotoSchema, introVideoSchema, introVideoRemovedSchema, myProfileSchema, myStatsSchema, profileCompletionSchema } from './operators.responses'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { requireUser, signedIn } from '../auth'
import { getMyProfile } from './get-my-profile'
import { getMyStats } from './get-my-stats'
import { getProfileCompletion } from './get-profile-completion'
import { deleteIntroVideo, uploadIntroVideo } from './intro-video'
import { updateProfileSchema } from './profile.schemas'
import { updateMyProfile } from './update-my-profile'
import { uploadProfilePhoto } from './upload-profile-photo'

const tags = ['operator self']

/** The signed-in operator's own profile, dashboard stats and profile completion. */
export const myProfileRoutes = new Hono<AppEnv>()
  .get('/my/profile', describeRoute({ tags, summary: 'My profile settings', responses: { ...jsonResponse(myProfileSchema), ...errors(401) } }), async (c) => respond(c, myProfileSchema, await getMyProfile(c.var.db, requireUser(c).id)))
  .patch('/my/profile', describeRoute({ tags, summary: 'Edit my profile (username, organization, bio, links, specializations from the list)', responses: { ...jsonResponse(myProfileSchema), ...errors(401, 403, 409, 413, 422) } }), signedIn, validate('json', updateProfileSchema), async (c) =>
    respond(c, myProfileSchema, await updateMyProfile(c.var.db, { userId: requireUser(c).id, input: c.req.valid('json') })),
  )
  .post('/my/profile/photo', describeRoute({ tags, summary: 'Upload my profile photo (multipart)', responses: { ...jsonResponse(profilePhotoSchema), ...errors(401, 403, 413, 415, 429) } }), async (c) => {
    const user = requireUser(c)
    await profilePhotoUploads.consume(c.var.db, user.id)
    return respond(c, profilePhotoSchema, await uploadProfilePhoto(c.var.db, { userId: user.id, body: c.req.raw.body, contentType: c.req.header('content-type') }))
  })
  .post(
    '/my/profile/video',
    describeRoute({ tags, summary: 'Upload my video introduction (Premium; multipart, one mp4/webm/mov file up to 100 MB, streamed; replaces the previous one)', responses: { ...jsonResponse(introVideoSchema, 201), ...errors(401, 403, 413, 415, 422, 429) } }),
    async (c) => {
      const user = requireUser(c)
      await mediaUploads.consume(c.var.db, user.id)
      const length = Number(c.req.header('content-length'))
      const result = await uploadIntroVideo(c.var.db, {
        userId: user.id,
        body: c.req.raw.body,
        contentType: c.req.header('content-type'),
        contentLength: Number.isFinite(length) && length > 0 ? length : null,
      })
      return respond(c, introVideoSchema, result, 201)
    },
  )
  .delete('/my/profile/video', describeRoute({ tags, summary: 'Remove my video introduction (any plan)', responses: { ...jsonResponse(introVideoRemovedSchema), ...errors(401, 403, 413) } }), async (c) => respond(c, introVideoRemovedSchema, await deleteIntroVideo(c.var.db, requireUser(c).id)))
  .get('/my/profile/completion', describeRoute({ tags, summary: 'Profile completion score', responses: { ...jsonResponse(profileCompletionSchema), ...errors(401) } }), async (c) =>
    respond(c, profileCompletionSchema, await getProfileCompletion(c.var.db, requireUser(c).id)),
  )
  .get('/my/stats', describeRoute({ tags, summary: 'Dashboard stat cards', responses: { ...jsonResponse(myStatsSchema), ...errors(401) } }), async (c) => respond(c, myStatsSchema, await getMyStats(c.var.db, requireUser(c).id)))
