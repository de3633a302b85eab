import { LaunchError } from './launch-error'

/** How long Homeward waits for one answer of an EHR, and the most it reads of one (ADR 033). */
export const EHR_LIMITS = { timeoutMs: 10_000, answerBytes: 20 * 1024 * 1024 } as const

/**
 * One request to an EHR (discovery, token, FHIR): bounded in time and size, redirects not
 * followed (an answer comes from the address asked), JSON parsed. A network failure or timeout
 * is `ehr_unreachable`; a body that is not JSON is `bad_answer`. The answer's status is returned
 * for the caller to judge.
 */
export async function ehrRequest(url: string, init: RequestInit & { deadline?: number } = {}): Promise<{ status: number; json: unknown }> {
  const remaining = init.deadline ? Math.max(1, Math.min(EHR_LIMITS.timeoutMs, init.deadline - Date.now())) : EHR_LIMITS.timeoutMs
  let response: Response
  try {
    response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(remaining) })
  } catch (error) {
    throw new LaunchError('ehr_unreachable', 'The health record system did not answer in time.', `${new URL(url).origin}: ${error instanceof Error ? error.name : 'error'}`)
  }
  const declared = Number(response.headers.get('content-length') ?? 0)
  if (declared > EHR_LIMITS.answerBytes) throw new LaunchError('bad_answer', 'The health record is too large to import.', `${declared} bytes`)
  let text: string
  try {
    text = await readBounded(response)
  } catch (error) {
    if (error instanceof LaunchError) throw error
    throw new LaunchError('ehr_unreachable', 'The health record system stopped answering.', error instanceof Error ? error.name : 'error')
  }
  if (!text) return { status: response.status, json: null }
  try {
    return { status: response.status, json: JSON.parse(text) }
  } catch {
    if (response.status >= 500) return { status: response.status, json: null }
    throw new LaunchError('bad_answer', 'The health record system did not answer in JSON.', `${response.status} from ${new URL(url).pathname}`)
  }
}

async function readBounded(response: Response) {
  if (!response.body) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength
    if (size > EHR_LIMITS.answerBytes) throw new LaunchError('bad_answer', 'The health record is too large to import.', `over ${EHR_LIMITS.answerBytes} bytes`)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
