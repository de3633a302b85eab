/**
 * Waits for something the test knows will happen (a row written after
 * commit, a push, a file on disk) by asking again every few milliseconds.
 * The deadline only bounds a failure: it is generous, so a slow or busy
 * machine is never the reason a test fails (no test waits a fixed time).
 */
export const EVENTUALLY_MS = 20_000

export async function eventually<T>(what: string, check: () => T | Promise<T>, timeoutMs = EVENTUALLY_MS): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value as NonNullable<T>
    if (Date.now() > deadline) throw new Error(`Still waiting after ${timeoutMs} ms for ${what}`)
    await Bun.sleep(10)
  }
}

/**
 * One turn of the event loop (timers, I/O and other tasks run), without
 * waiting any time: for a loop that must let other work interleave with it.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))
