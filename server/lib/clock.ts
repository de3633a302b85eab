/**
 * The server's notion of "now". Everything time-dependent (expiries, escrow
 * holds, analytics windows, row timestamps) reads it here so tests can move time.
 */
let offsetMs = 0
let frozen: number | null = null

export const clock = {
  now(): Date {
    return new Date(this.ms())
  },
  ms(): number {
    return frozen ?? Date.now() + offsetMs
  },
  /** Tests only: move time forward (or back) by `ms`. */
  advance(ms: number) {
    if (frozen !== null) frozen += ms
    else offsetMs += ms
  },
  /** Tests only: pin the clock to a moment (null to let it run again). */
  set(at: Date | null) {
    frozen = at ? at.getTime() : null
    offsetMs = 0
  },
  reset() {
    frozen = null
    offsetMs = 0
  },
}

export const HOUR = 3_600_000
export const MINUTE = 60_000

/** Exponential backoff after the Nth failure: 1, 2, 4, 8, 16 ... minutes (jobs and e-mail delivery). */
export const backoffMs = (failures: number) => 2 ** (failures - 1) * MINUTE
export const DAY = 24 * HOUR
