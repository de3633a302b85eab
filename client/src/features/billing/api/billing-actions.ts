import { useNavigate } from 'react-router'
import { toast } from '../../../lib/toast'
import { ApiError } from '../../../lib/api'
import { useConfig } from '../../../lib/config'
import { useAuth } from '../../auth'
import { useOpenPortal } from './open-portal'
import { useStartCheckout } from './start-checkout'

/** A same-site path (the offline pages) rather than a provider URL. */
const isLocal = (url: string) => url.startsWith('/') && !url.startsWith('//')

/**
 * Opens a tab before the request, while the click still counts as a user
 * gesture (popup blockers refuse window.open after an await); null if blocked.
 */
function preopenTab() {
  const tab = window.open('', '_blank')
  if (tab) tab.opener = null
  return tab
}

/**
 * Upgrade and manage-subscription actions of the status card and the pricing
 * page. With Stripe they open Stripe in a new tab; offline they
 * open the built-in pages in this tab and say so.
 */
export function useBillingActions() {
  const { user, subscription } = useAuth()
  const config = useConfig()
  const navigate = useNavigate()
  const checkout = useStartCheckout()
  const portal = useOpenPortal()
  const busy = checkout.isPending || portal.isPending
  const offline = config?.payments_offline ?? true

  const needSignIn = (description: string) => {
    toast.error('Authentication Required', { description })
    navigate('/auth')
  }

  const upgrade = async () => {
    if (!user) return needSignIn('Please sign in to upgrade your subscription.')
    const tab = offline ? null : preopenTab()
    try {
      const { url } = await checkout.mutateAsync()
      if (isLocal(url)) {
        tab?.close()
        toast.info('Redirecting to Checkout', { description: 'Opening the offline checkout page in this tab (no card is charged)' })
        navigate(url)
      } else {
        toast.info('Redirecting to Checkout', { description: 'Opening Stripe checkout in a new tab' })
        if (tab) tab.location.href = url
        else window.location.assign(url)
      }
    } catch (error) {
      tab?.close()
      if (error instanceof ApiError && error.status === 401) return needSignIn('Please sign in to upgrade your subscription.')
      if (error instanceof ApiError) {
        const detail = error.status === 409 || error.status === 429 ? error.message : undefined
        toast.error('Failed to start checkout. Please try again.', detail ? { description: detail } : undefined)
      } else {
        toast.error('An unexpected error occurred.')
      }
    }
  }

  const manage = async () => {
    if (!user) return needSignIn('Please sign in to manage your subscription.')
    const tab = !offline && subscription?.provider === 'stripe' ? preopenTab() : null
    try {
      const { url } = await portal.mutateAsync()
      if (isLocal(url)) {
        tab?.close()
        toast.info('Opening Customer Portal', { description: 'Opening your subscription page' })
        navigate(url)
      } else {
        toast.info('Opening Customer Portal', { description: 'Opening the Stripe customer portal in a new tab' })
        if (tab) tab.location.href = url
        else window.location.assign(url)
      }
    } catch (error) {
      tab?.close()
      if (error instanceof ApiError && error.status === 401) return needSignIn('Please sign in to manage your subscription.')
      toast.error(error instanceof ApiError && error.message ? error.message : 'Failed to open customer portal. Please try again.')
    }
  }

  return { upgrade, manage, busy, offline }
}
