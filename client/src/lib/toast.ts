/**
 * sonner's `toast`, loaded on first use: for the app shell (header, banners),
 * which every page loads first, so the entry chunk does not carry sonner
 * (README, Performance). Pages, which load later, import `toast` from 'sonner'.
 * A toast shown before the lazily loaded <Toaster> subscribes is still shown:
 * sonner hands a new Toaster the toasts already active.
 */
type Sonner = typeof import('./sonner')
type Args<K extends 'success' | 'error'> = Parameters<Sonner['toast'][K]>

export const toast = {
  success: (...args: Args<'success'>) => void import('./sonner').then(({ toast }) => toast.success(...args)),
  error: (...args: Args<'error'>) => void import('./sonner').then(({ toast }) => toast.error(...args)),
}
