/**
 * docs/directory.md's examples, run: every `curl` of its sh blocks is asked of
 * the app (its `{home}` and `{operator}` a home and its operator made here),
 * must answer 200 and validate against R4 or HSDS 3.1, and must hold every
 * field of the sample answer that follows it (a json block), by name and type:
 * the page cannot show what the feeds do not say.
 */
import { beforeAll, expect, test } from 'bun:test'
import fs from 'node:fs'
import path from 'node:path'
import { lookupZip } from '../geo'
import { addMedia, addProperty } from '../properties/property-fixtures'
import { anonymous, createUser, setupTestDb } from '../../test/setup'
import { fhir, hsds } from './directory-fixtures'

setupTestDb()

type Example = { command: string; path: string; sample: unknown | null }

/** The sh blocks' curl commands, each with the json block right after it, if any. */
function examples(markdown: string): Example[] {
  const blocks = [...markdown.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1]!, body: m[2]! }))
  const out: Example[] = []
  blocks.forEach((b, i) => {
    if (b.lang !== 'sh') return
    const m = /^curl -s "\$HOMEWARD(\/[^"]+)"\s*$/.exec(b.body.trim())
    expect(m, `an sh block that is not one curl of $HOMEWARD: ${b.body}`).not.toBeNull()
    const next = blocks[i + 1]
    out.push({ command: b.body.trim(), path: m![1]!, sample: next?.lang === 'json' ? JSON.parse(next.body) : null })
  })
  return out
}

/** Every field of `sample` is in `real` with a value of the same type; an array's sample items each match some real item. */
function shapeIssues(sample: unknown, real: unknown, at: string): string[] {
  if (Array.isArray(sample)) {
    if (!Array.isArray(real)) return [`${at}: not an array`]
    return sample.flatMap((s, i) => (real.some((r) => shapeIssues(s, r, at).length === 0) ? [] : [`${at}[${i}]: no item of the answer has this shape (${shapeIssues(s, real[0], `${at}[0]`).join('; ')})`]))
  }
  if (sample !== null && typeof sample === 'object') {
    if (real === null || typeof real !== 'object' || Array.isArray(real)) return [`${at}: not an object`]
    return Object.entries(sample).flatMap(([k, v]) => (k in real ? shapeIssues(v, (real as Record<string, unknown>)[k], `${at}.${k}`) : [`${at}.${k}: missing`]))
  }
  return typeof sample === typeof real ? [] : [`${at}: ${typeof real}, the sample shows a ${typeof sample}`]
}

const ids = { home: '', operator: '' }

beforeAll(async () => {
  const op = await createUser({ roles: ['operator'], plan: 'premium', username: `doc-${crypto.randomUUID().slice(0, 6)}`, licensing_type: 'licensed' })
  const at = lookupZip('60601')!
  const place = (d: number) => ({ city: 'Chicago', state: 'IL', zip_code: '60601', latitude: at.latitude + d, longitude: at.longitude })
  const home = await addProperty(op.id, { ...place(0.01), care_levels: ['assisted'], funding_accepted: ['medicaid_waiver'], languages: ['en', 'es'], beds_confirmed_at: new Date() })
  await addMedia(home.id, 'image', 2)
  await addProperty(op.id, { ...place(0.02), available_beds: 0 })
  await addProperty(op.id, { ...place(0.03) })
  ids.home = home.id
  ids.operator = op.id
}, 120_000)

test("docs/directory.md's examples answer what the page says, valid FHIR R4 and HSDS 3.1", async () => {
  const doc = fs.readFileSync(path.join(import.meta.dir, '../../../docs/directory.md'), 'utf8')
  const found = examples(doc)
  expect(found.length).toBeGreaterThanOrEqual(12)
  const visitor = anonymous()
  for (const example of found) {
    const url = example.path.replace('{home}', ids.home).replace('{operator}', ids.operator)
    const res = url.startsWith('/fhir/') ? await fhir(visitor, url) : await hsds(visitor, url)
    expect([example.command, res.status]).toEqual([example.command, 200])
    if (example.sample !== null) expect([example.command, shapeIssues(example.sample, res.json, '$')]).toEqual([example.command, []])
  }
}, 120_000) // a bound on a failure, not a speed claim: a dozen requests, each answer validated
