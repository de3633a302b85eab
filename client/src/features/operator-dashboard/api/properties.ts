import { queryOptions } from '@tanstack/react-query'
import type { OwnerProperty } from '@server/features/properties/my-property-view'
import type { CreateProperty } from '@server/features/properties/properties.schemas'
import { api, upload } from '../../../lib/api'
import { DASHBOARD_KEY } from './dashboard'
import type { Jsonify } from '../../../lib/json'

export type MyProperty = Jsonify<OwnerProperty>

export const myPropertiesQuery = queryOptions({
  queryKey: [...DASHBOARD_KEY, 'properties'],
  queryFn: () => api<{ items: MyProperty[] }>('/my/properties'),
})

const path = (id: string, rest = '') => `/my/properties/${encodeURIComponent(id)}${rest}`
type One = { property: MyProperty }

export const createProperty = (body: CreateProperty) =>
  api<{ property: MyProperty; geocoded: boolean }>('/my/properties', { method: 'POST', body })
export const updateProperty = (id: string, body: Partial<CreateProperty> & { is_active?: boolean }) =>
  api<One>(path(id), { method: 'PATCH', body })
/** One click: the count is right as it is (or set a new one). */
export const confirmBeds = (id: string, available_beds?: number) =>
  api<One>(path(id, '/confirm-beds'), { method: 'POST', body: available_beds === undefined ? {} : { available_beds } })
export const deleteProperty = (id: string) => api(path(id), { method: 'DELETE' })
export const geocodeProperty = (id: string) => api<One & { accuracy: string }>(path(id, '/geocode'), { method: 'POST' })
export const reorderImages = (id: string, ids: string[]) => api<One>(path(id, '/images/order'), { method: 'POST', body: { ids } })
export const deleteMedia = (id: string, mediaId: string) => api<One>(path(id, `/media/${encodeURIComponent(mediaId)}`), { method: 'DELETE' })

export function uploadImages(id: string, files: File[], onProgress: (p: number) => void) {
  const form = new FormData()
  for (const file of files) form.append('files', file)
  return upload<One & { uploaded: number; skipped: number }>(path(id, '/images'), form, onProgress)
}

export function uploadVideos(id: string, files: File[], onProgress: (p: number) => void) {
  const form = new FormData()
  for (const file of files) form.append('files', file)
  return upload<One & { uploaded: number }>(path(id, '/videos'), form, onProgress)
}

/** Issue 15: the operator's video introduction (Premium); one file, replacing the previous one. */
export function uploadIntroVideo(file: File, onProgress: (p: number) => void) {
  const form = new FormData()
  form.append('file', file)
  return upload<{ video_intro: string }>('/my/profile/video', form, onProgress)
}
export const deleteIntroVideo = () => api<{ video_intro: null }>('/my/profile/video', { method: 'DELETE' })

export function uploadProfilePhoto(file: File) {
  const form = new FormData()
  form.append('file', file)
  return upload<{ profile_photo: string }>('/my/profile/photo', form)
}
