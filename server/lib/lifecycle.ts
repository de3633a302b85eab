/**
 * Whether this instance is taking requests. A load balancer asks
 * /api/health: from the moment a shutdown starts it answers 503, so traffic
 * goes to the other instances while this one finishes what it has
 * (server/main.ts, ADR 022).
 */
let draining = false

export const isDraining = () => draining
export function startDraining() {
  draining = true
}
/** Back to taking requests (tests only: a process that started draining exits). */
export function stopDraining() {
  draining = false
}
