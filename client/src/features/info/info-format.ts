import type { PublicConfig } from '../../lib/config'
import { money } from '../../lib/format'

/** Small wording helpers shared by the information pages, so every number reads the same way. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`
export const hours = (n: number) => plural(n, 'hour')
export const days = (n: number) => plural(n, 'day')
export const minutes = (n: number) => plural(n, 'minute')

type PlanName = keyof PublicConfig['plans']

/** A numeric plan limit; null means unlimited (JSON has no Infinity). */
export function planLimit(config: PublicConfig, plan: PlanName, key: string): number | null {
  const value = (config.plans[plan] as Record<string, number | boolean | null>)[key]
  return typeof value === 'number' ? value : null
}

/** Whether a plan includes a feature (a boolean entry of the plan limits). */
export function planHas(config: PublicConfig, plan: PlanName, key: string): boolean {
  return (config.plans[plan] as Record<string, number | boolean | null>)[key] === true
}

/** "1 property", "Unlimited properties", "Up to 10 photos"... */
export function limitText(limit: number | null, one: string, many = `${one}s`) {
  if (limit === null) return `Unlimited ${many}`
  return plural(limit, one, many)
}

/** The licensed and unlicensed unlock fees, e.g. "$200" and "$500". */
export function unlockFees(config: PublicConfig) {
  return { licensed: money(config.unlock_fee_licensed_cents), unlicensed: money(config.unlock_fee_unlicensed_cents) }
}

/** "$30 per month" (or "Free" when the operator sets a zero price). */
export function premiumPrice(config: PublicConfig) {
  return config.premium_price_cents > 0 ? `${config.premium_price} per month` : 'Free'
}
