import { ehrRequest, isObject } from './ehr-http'
import { LaunchError } from './launch-error'

/** What Homeward uses of `<iss>/.well-known/smart-configuration` (SMART App Launch 2.x, Discovery). */
export type SmartConfiguration = {
  authorization_endpoint: string
  token_endpoint: string
  issuer?: string
  jwks_uri?: string
  scopes_supported?: string[]
  capabilities?: string[]
  code_challenge_methods_supported?: string[]
}

/** The record Homeward reads (ADR 026's resources), each `patient/<Type>` for the patient in context. */
export const READ_TYPES = ['Patient', 'Condition', 'MedicationRequest', 'AllergyIntolerance', 'Coverage', 'RelatedPerson', 'DocumentReference'] as const

const isHttpUrl = (v: unknown): v is string => {
  if (typeof v !== 'string') return false
  try {
    return ['https:', 'http:'].includes(new URL(v).protocol)
  } catch {
    return false
  }
}

export async function discover(iss: string): Promise<SmartConfiguration> {
  const url = `${iss.replace(/\/+$/, '')}/.well-known/smart-configuration`
  const { status, json } = await ehrRequest(url, { headers: { Accept: 'application/json' } })
  if (status >= 500 || status === 429) throw new LaunchError('ehr_unreachable', 'The health record system is not available right now.', `discovery answered ${status}`)
  if (status !== 200 || !isObject(json)) throw new LaunchError('bad_answer', 'The health record system does not publish its SMART configuration.', `discovery answered ${status}`)
  if (!isHttpUrl(json.authorization_endpoint) || !isHttpUrl(json.token_endpoint)) {
    throw new LaunchError('bad_answer', 'The health record system does not publish where to authorize Homeward.', 'smart-configuration lacks authorization_endpoint or token_endpoint')
  }
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : undefined)
  return {
    authorization_endpoint: json.authorization_endpoint,
    token_endpoint: json.token_endpoint,
    issuer: typeof json.issuer === 'string' ? json.issuer : undefined,
    jwks_uri: isHttpUrl(json.jwks_uri) ? json.jwks_uri : undefined,
    scopes_supported: list(json.scopes_supported),
    capabilities: list(json.capabilities),
    code_challenge_methods_supported: list(json.code_challenge_methods_supported),
  }
}

/**
 * The scopes asked for: SMART 2.x's `patient/<Type>.rs`, or v1's `patient/<Type>.read` when the
 * server says it knows only v1 (its capabilities list `permission-v1` without `permission-v2`, or
 * its scopes_supported lists v1 patient scopes and no v2 one). `launch` is asked for in an EHR
 * launch only; a standalone launch asks for `launch/patient` (the EHR picks the patient).
 */
export function scopesFor(config: SmartConfiguration, ehrLaunch: boolean): string {
  const caps = config.capabilities ?? []
  const supported = config.scopes_supported ?? []
  const v2Listed = supported.some((s) => /^(patient|user|system)\/[^.]+\.[cruds]+(\?|$)/.test(s))
  const v1Listed = supported.some((s) => /^(patient|user|system)\/[^.]+\.(read|write|\*)$/.test(s))
  const v1Only = (caps.includes('permission-v1') && !caps.includes('permission-v2')) || (v1Listed && !v2Listed && !caps.includes('permission-v2'))
  const suffix = v1Only ? 'read' : 'rs'
  return [ehrLaunch ? 'launch' : 'launch/patient', 'openid', 'fhirUser', ...READ_TYPES.map((t) => `patient/${t}.${suffix}`)].join(' ')
}
