/**
 * SMART scopes of a registered system (ADR 038): v2 (`system/Task.rs`, `system/*.cruds`) and v1
 * (`system/Task.read`, `system/*.write`), each as the set of interactions it grants per resource type.
 * What a system may do is its granted scopes ∩ what it asked for; unknown scopes are refused.
 */
export const SYSTEM_TYPES = ['Task', 'ServiceRequest', 'Patient', 'DocumentReference', 'Binary', 'Subscription', 'Bundle'] as const
export const SCOPES_SUPPORTED = ['system/*.cruds', 'system/*.rs', ...SYSTEM_TYPES.flatMap((t) => [`system/${t}.cruds`, `system/${t}.rs`, `system/${t}.c`, `system/${t}.u`]), 'system/*.read', 'system/*.write']
export const DEFAULT_SCOPES = 'system/*.cruds'

type Grant = { type: string; ops: Set<string> }
const V1: Record<string, string> = { read: 'rs', write: 'cud', '*': 'cruds' }

/** One scope's grant, or null when it is not a SMART system scope Homeward knows. */
export function parseScope(scope: string): Grant | null {
  const m = /^system\/(\*|[A-Z][A-Za-z]+)\.([cruds]+|read|write|\*)$/.exec(scope)
  if (!m) return null
  const [, type, perms] = m as unknown as [string, string, string]
  if (type !== '*' && !(SYSTEM_TYPES as readonly string[]).includes(type)) return null
  const letters = V1[perms] ?? perms
  // v2 letters come in the order c r u d s, each at most once.
  if (!V1[perms] && !/^c?r?u?d?s?$/.test(letters)) return null
  return { type, ops: new Set(letters) }
}

export function validScopes(text: string) {
  const list = text.split(/\s+/).filter(Boolean)
  return list.length > 0 && list.every((s) => parseScope(s) !== null)
}

/** Does this scope string allow `op` (c r u d s) on `type`? */
export function allows(scopes: string, type: string, op: 'c' | 'r' | 'u' | 'd' | 's') {
  return scopes
    .split(/\s+/)
    .map(parseScope)
    .some((g) => g && (g.type === '*' || g.type === type) && g.ops.has(op))
}

/**
 * The scopes a token gets: those asked for that the client was granted (each asked scope must be
 * covered by a granted one), or invalid_scope. Nothing asked for → the client's whole grant.
 */
export function grantScopes(granted: string, asked: string | undefined): string | null {
  if (!asked?.trim()) return granted
  const list = asked.split(/\s+/).filter(Boolean)
  for (const scope of list) {
    const g = parseScope(scope)
    if (!g) return null
    // A wildcard asked for needs a wildcard granted (allows() matches '*' only against '*').
    for (const op of g.ops) if (!allows(granted, g.type, op as 'c')) return null
  }
  return list.join(' ')
}
