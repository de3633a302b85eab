import { ehrRequest, isObject } from './ehr-http'
import { LaunchError } from './launch-error'

/** What one launch reads at most (ADR 033): a hostile or huge chart is cut off, never followed forever. */
export const READ_LIMITS = { pagesPerType: 20, entries: 5_000, totalMs: 30_000 } as const

/** Searched by `patient=` after the Patient itself; MedicationStatement too (some EHRs keep home medications there). */
export const SEARCHED = ['Condition', 'MedicationRequest', 'MedicationStatement', 'AllergyIntolerance', 'Coverage', 'RelatedPerson', 'DocumentReference'] as const

type Entry = { fullUrl?: string; resource: Record<string, unknown> }

/**
 * The patient's record from the EHR's FHIR API, as one collection Bundle for the import's mapping
 * (fhir area, ADR 026): the Patient, then each searched type by `patient=`, following `next` links on
 * the FHIR server's own origin only (the token never goes elsewhere). A search the token may not
 * make (401, 403) or the server does not offer (404, 400) is left out; a server error or a timeout
 * stops the launch. The token lives in this call only.
 */
export async function readEhrRecord(iss: string, accessToken: string, patientId: string): Promise<{ resourceType: 'Bundle'; type: 'collection'; entry: Entry[] }> {
  const base = iss.replace(/\/+$/, '')
  const origin = new URL(base).origin
  const deadline = Date.now() + READ_LIMITS.totalMs
  const headers = { Authorization: `Bearer ${accessToken}`, Accept: 'application/fhir+json' }

  const patient = await ehrRequest(`${base}/Patient/${encodeURIComponent(patientId)}`, { headers, deadline })
  if (patient.status === 401 || patient.status === 403) throw new LaunchError('refused', "The health record system did not let Homeward read the patient's record.", `Patient read answered ${patient.status}`)
  if (patient.status >= 500 || patient.status === 429) throw new LaunchError('ehr_unreachable', 'The health record system is not available right now.', `Patient read answered ${patient.status}`)
  if (patient.status !== 200 || !isObject(patient.json) || patient.json.resourceType !== 'Patient') {
    throw new LaunchError('bad_answer', 'The health record system did not give the patient in context.', `Patient read answered ${patient.status}`)
  }
  const entries: Entry[] = [{ fullUrl: `${base}/Patient/${patientId}`, resource: patient.json }]
  let budget = READ_LIMITS.entries

  const searchType = async (type: string) => {
    const out: Entry[] = []
    let url: string | null = `${base}/${type}?patient=${encodeURIComponent(patientId)}&_count=100`
    for (let page = 0; url && page < READ_LIMITS.pagesPerType; page++) {
      if (Date.now() > deadline) throw new LaunchError('ehr_unreachable', 'The health record system took too long to send the record.', `read past ${READ_LIMITS.totalMs} ms`)
      const { status, json } = await ehrRequest(url, { headers, deadline })
      if (page === 0 && [400, 401, 403, 404].includes(status)) return out
      if (status >= 500 || status === 429) throw new LaunchError('ehr_unreachable', 'The health record system is not available right now.', `${type} search answered ${status}`)
      if (status !== 200 || !isObject(json) || json.resourceType !== 'Bundle') throw new LaunchError('bad_answer', 'The health record system answered a search with something else than a Bundle.', `${type} search answered ${status}`)
      for (const e of Array.isArray(json.entry) ? json.entry : []) {
        if (!isObject(e) || !isObject(e.resource) || typeof e.resource.resourceType !== 'string') continue
        if (isObject(e.search) && e.search.mode === 'outcome') continue
        if (--budget < 0) throw new LaunchError('bad_answer', "The patient's record is too large to import.", `more than ${READ_LIMITS.entries} entries`)
        out.push({ fullUrl: typeof e.fullUrl === 'string' ? e.fullUrl : undefined, resource: e.resource })
      }
      url = nextLink(json.link, origin)
    }
    return out
  }

  for (const found of await Promise.all(SEARCHED.map(searchType))) entries.push(...found)
  return { resourceType: 'Bundle', type: 'collection', entry: entries }
}

/** The Bundle's `next` link when it stays on the FHIR server's origin; anything else ends the paging. */
function nextLink(links: unknown, origin: string): string | null {
  if (!Array.isArray(links)) return null
  const next = links.find((l) => isObject(l) && l.relation === 'next' && typeof l.url === 'string') as { url: string } | undefined
  if (!next) return null
  try {
    const url = new URL(next.url)
    return url.origin === origin ? url.href : null
  } catch {
    return null
  }
}
