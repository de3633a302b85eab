import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { Spinner } from '../../../components/ui/spinner'
import { useStartCheckout } from '../api/start-checkout'
import { startPremiumCheckout } from '../premium-after-sign-up'

/**
 * The step after a sign-up that chose Premium (/pricing?start=premium, where
 * sign-up sends the new operator): starts the checkout once and says so
 * meanwhile; startPremiumCheckout then leaves the page (checkout, or the
 * dashboard with an alert when it failed).
 */
export function PremiumAfterSignUp() {
  const navigate = useNavigate()
  const checkout = useStartCheckout()
  // Once: StrictMode runs effects twice in development, and a second checkout would be a second session.
  const started = useRef(false)
  const { mutateAsync } = checkout
  useEffect(() => {
    if (started.current) return
    started.current = true
    void startPremiumCheckout(navigate, mutateAsync)
  }, [navigate, mutateAsync])
  return <Spinner label="Starting your Premium trial..." />
}
