/**
 * sonner's `toast`, loaded on first use: the app imports `toast` from here, never
 * from 'sonner', so no page waits for sonner before its first render on a slow
 * network (README, Performance). A toast asked for before the lazily loaded
 * <Toaster> subscribes is still shown: sonner hands a new Toaster the active toasts.
 */
type Sonner = typeof import('./sonner')
type Kind = 'success' | 'error' | 'info' | 'warning'
type Args<K extends Kind> = Parameters<Sonner['toast'][K]>

export const toast = {
  success: (...args: Args<'success'>) => void import('./sonner').then(({ toast }) => toast.success(...args)),
  error: (...args: Args<'error'>) => void import('./sonner').then(({ toast }) => toast.error(...args)),
  info: (...args: Args<'info'>) => void import('./sonner').then(({ toast }) => toast.info(...args)),
  warning: (...args: Args<'warning'>) => void import('./sonner').then(({ toast }) => toast.warning(...args)),
}
