import { mediaUploads } from '../../storage/upload-limits'
import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { errors, jsonResponse, okSchema } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { allBedsConfirmedSchema, ownPropertiesSchema, propertyCreatedSchema, ownPropertyAnswerSchema, imagesUploadedSchema, videosUploadedSchema, geocodedSchema } from './properties.responses'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { requireUser, signedIn } from '../auth'
import { createProperty } from './create-property'
import { deleteProperty } from './delete-property'
import { deletePropertyMedia } from './delete-property-media'
import { geocodeProperty } from './geocode-property'
import { listMyProperties } from './list-my-properties'
import { confirmAllMyBeds, confirmMyBeds } from './confirm-beds'
import { confirmBedsSchema, createPropertySchema, reorderImagesSchema, updatePropertySchema } from './properties.schemas'
import { reorderPropertyImages } from './reorder-property-images'
import { updateProperty } from './update-property'
import { uploadPropertyImages } from './upload-property-images'
import { uploadPropertyVideos } from './upload-property-videos'

const tags = ['operator self']

/** The signed-in operator's own properties; another operator's property is a 404 everywhere. */
export const myPropertiesRoutes = new Hono<AppEnv>()
  .get('/my/properties', describeRoute({ tags, summary: 'My properties (all, newest first)', responses: { ...jsonResponse(ownPropertiesSchema), ...errors(401) } }), async (c) =>
    respond(c, ownPropertiesSchema, { items: await listMyProperties(c.var.db, requireUser(c).id) }),
  )
  .post(
    '/my/properties',
    describeRoute({ tags, summary: 'Create a property (geocoded from its ZIP), with its levels of care, funding accepted, room types, nearby services, house rules and the languages its staff speak', responses: { ...jsonResponse(propertyCreatedSchema, 201), ...errors(401, 403, 413, 422) } }),
    signedIn,
    validate('json', createPropertySchema),
    async (c) => respond(c, propertyCreatedSchema, await createProperty(c.var.db, { operatorId: requireUser(c).id, input: c.req.valid('json') }), 201),
  )
  .patch(
    '/my/properties/:id',
    describeRoute({ tags, summary: 'Edit a property (any field, including the care extras; lists are replaced whole)', responses: { ...jsonResponse(ownPropertyAnswerSchema), ...errors(400, 401, 403, 404, 413, 422) } }),
    signedIn,
    validate('json', updatePropertySchema),
    async (c) => respond(c, ownPropertyAnswerSchema, { property: await updateProperty(c.var.db, { operatorId: requireUser(c).id, propertyId: c.req.param('id'), input: c.req.valid('json') }) }),
  )
  .post(
    '/my/properties/confirm-beds',
    describeRoute({ tags, summary: 'Confirm all: every active home\'s available beds are confirmed as they are (sets beds_confirmed_at)', responses: { ...jsonResponse(allBedsConfirmedSchema), ...errors(401, 403, 413) } }),
    signedIn,
    async (c) => respond(c, allBedsConfirmedSchema, await confirmAllMyBeds(c.var.db, requireUser(c).id)),
  )
  .post(
    '/my/properties/:id/confirm-beds',
    describeRoute({ tags, summary: 'Confirm the available beds as they are, or with a new count (sets beds_confirmed_at)', responses: { ...jsonResponse(ownPropertyAnswerSchema), ...errors(401, 403, 404, 413, 422) } }),
    signedIn,
    validate('json', confirmBedsSchema),
    async (c) => respond(c, ownPropertyAnswerSchema, { property: await confirmMyBeds(c.var.db, { operatorId: requireUser(c).id, propertyId: c.req.param('id'), input: c.req.valid('json') }) }),
  )
  .delete('/my/properties/:id', describeRoute({ tags, summary: 'Delete a property and its media', responses: { ...jsonResponse(okSchema), ...errors(401, 403, 404, 413) } }), async (c) => {
    await deleteProperty(c.var.db, { operatorId: requireUser(c).id, propertyId: c.req.param('id') })
    return respond(c, okSchema, { ok: true })
  })
  .post('/my/properties/:id/images', describeRoute({ tags, summary: 'Upload photos (multipart, many files)', responses: { ...jsonResponse(imagesUploadedSchema, 201), ...errors(400, 401, 403, 404, 413, 415, 422, 429) } }), async (c) => {
    const user = requireUser(c)
    await mediaUploads.consume(c.var.db, user.id)
    const result = await uploadPropertyImages(c.var.db, {
      operatorId: user.id,
      propertyId: c.req.param('id'),
      body: c.req.raw.body,
      contentType: c.req.header('content-type'),
    })
    return respond(c, imagesUploadedSchema, result, 201)
  })
  .post(
    '/my/properties/:id/images/order',
    describeRoute({ tags, summary: 'Reorder photos (the first is featured)', responses: { ...jsonResponse(ownPropertyAnswerSchema), ...errors(401, 403, 404, 413, 422) } }),
    signedIn,
    validate('json', reorderImagesSchema),
    async (c) =>
      respond(c, ownPropertyAnswerSchema, {
        property: await reorderPropertyImages(c.var.db, { operatorId: requireUser(c).id, propertyId: c.req.param('id'), ids: c.req.valid('json').ids }),
      }),
  )
  .delete('/my/properties/:id/media/:mediaId', describeRoute({ tags, summary: 'Delete a photo or video', responses: { ...jsonResponse(ownPropertyAnswerSchema), ...errors(401, 403, 404, 413) } }), async (c) =>
    respond(c, ownPropertyAnswerSchema, {
      property: await deletePropertyMedia(c.var.db, { operatorId: requireUser(c).id, propertyId: c.req.param('id'), mediaId: c.req.param('mediaId') }),
    }),
  )
  .post('/my/properties/:id/videos', describeRoute({ tags, summary: 'Upload videos (premium; multipart, streamed)', responses: { ...jsonResponse(videosUploadedSchema, 201), ...errors(400, 401, 403, 404, 413, 415, 422, 429) } }), async (c) => {
    const user = requireUser(c)
    await mediaUploads.consume(c.var.db, user.id)
    const length = Number(c.req.header('content-length'))
    const result = await uploadPropertyVideos(c.var.db, {
      operatorId: user.id,
      propertyId: c.req.param('id'),
      body: c.req.raw.body,
      contentType: c.req.header('content-type'),
      contentLength: Number.isFinite(length) && length > 0 ? length : null,
    })
    return respond(c, videosUploadedSchema, result, 201)
  })
  .post('/my/properties/:id/geocode', describeRoute({ tags, summary: 'Geocode a property from its ZIP', responses: { ...jsonResponse(geocodedSchema), ...errors(401, 403, 404, 413, 422) } }), async (c) =>
    respond(c, geocodedSchema, await geocodeProperty(c.var.db, { operatorId: requireUser(c).id, propertyId: c.req.param('id') })),
  )
