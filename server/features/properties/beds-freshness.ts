import { env } from '../../env'
import { DAY } from '../../lib/clock'

/** Confirmations after this moment count as recent (BEDS_FRESH_DAYS): the search's filter and its cache's window. */
export const freshSince = (now: number) => now - env.BEDS_FRESH_DAYS * DAY
