import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { SHORTLIST_MAX } from '@server/features/properties/shortlist-rules'
import type { shortlistAddedSchema, shortlistRemovedSchema, shortlistSchema } from '@server/features/properties/properties.responses'
import { useCallback, useSyncExternalStore } from 'react'
import type { z } from 'zod'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import { useAuth } from '../../auth'

export type Shortlist = z.infer<typeof shortlistSchema>
type Added = z.infer<typeof shortlistAddedSchema>
type Removed = z.infer<typeof shortlistRemovedSchema>

/** PUT /api/my/shortlist/:id (saving one already there changes nothing). */
export const saveToShortlist = (id: string) => api<Added>(`/my/shortlist/${encodeURIComponent(id)}`, { method: 'PUT' })
export { SHORTLIST_MAX }

/**
 * A visitor's shortlist lives in this browser (localStorage, ids only); a
 * signed-in account's on the server (GET/PUT/DELETE /api/my/shortlist). The
 * compare page offers to move the browser's list to the account.
 */
const KEY = 'homeward.shortlist'
const listeners = new Set<() => void>()
const NONE: string[] = []
let cached: { raw: string | null; ids: string[] } = { raw: null, ids: NONE }

function readLocal(): string[] {
  let raw: string | null = null
  try {
    raw = localStorage.getItem(KEY)
  } catch {
    return NONE
  }
  if (raw === cached.raw) return cached.ids
  let ids: string[] = NONE
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : []
    if (Array.isArray(parsed)) ids = parsed.filter((v): v is string => typeof v === 'string').slice(0, SHORTLIST_MAX)
  } catch {}
  cached = { raw, ids }
  return ids
}

export function writeLocal(ids: string[]) {
  try {
    if (ids.length === 0) localStorage.removeItem(KEY)
    else localStorage.setItem(KEY, JSON.stringify(ids))
  } catch {}
  for (const l of listeners) l()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  const onStorage = (e: StorageEvent) => e.key === KEY && listener()
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** The browser's list; on the server (and while hydrating) empty, as the server rendered it. */
export const useLocalShortlist = () => useSyncExternalStore(subscribe, readLocal, () => NONE)

export const shortlistQuery = { queryKey: queryKeys.properties.shortlist, queryFn: () => api<Shortlist>('/my/shortlist') }

/** The shortlist of whoever reads the page: ids, and adding or removing one. */
export function useShortlist() {
  const { user } = useAuth()
  const local = useLocalShortlist()
  const queryClient = useQueryClient()
  const server = useQuery({ ...shortlistQuery, enabled: !!user })
  const ids = user ? (server.data?.items.map((i) => i.property_id) ?? NONE) : local
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.properties.shortlist })
  const add = useMutation({ mutationFn: saveToShortlist, onSettled: refresh })
  const remove = useMutation({ mutationFn: (id: string) => api<Removed>(`/my/shortlist/${encodeURIComponent(id)}`, { method: 'DELETE' }), onSettled: refresh })
  const toggle = useCallback(
    async (id: string): Promise<'added' | 'removed' | 'full'> => {
      const has = ids.includes(id)
      if (!user) {
        if (!has && local.length >= SHORTLIST_MAX) return 'full'
        writeLocal(has ? local.filter((i) => i !== id) : [...local, id])
      } else if (has) await remove.mutateAsync(id)
      else await add.mutateAsync(id)
      return has ? 'removed' : 'added'
    },
    [ids, user, local, add, remove],
  )
  return { ids, signedIn: !!user, toggle, busy: add.isPending || remove.isPending, server }
}
