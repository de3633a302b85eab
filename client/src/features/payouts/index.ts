/**
 * The public surface of this feature (ADR 018): other features and client/src/app
 * import it only through this file.
 */
export { PayoutsSection } from './components/PayoutsSection'
export { ReferralPayout } from './components/ReferralPayout'
export { AdminPayouts } from './components/AdminPayouts'
