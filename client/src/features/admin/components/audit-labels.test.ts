import { describe, expect, test } from 'bun:test'
import fs from 'node:fs'
import path from 'node:path'
import { AUDIT_ACTIONS, AUDIT_AREAS } from '@server/lib/audit-actions'
import en from '../../../locales/en/admin.json'
import es from '../../../locales/es/admin.json'
import { AUDIT_ACTION_LABELS, AUDIT_AREA_LABELS, AUDIT_DETAIL_LABELS, sentence, words } from './audit-labels'

const root = path.resolve(import.meta.dir, '../../../../..')

/** Every action literal the server hands writeAudit, read from the source (what the type check also enforces). */
function actionsWritten(): string[] {
  const found = new Set<string>()
  const files = fs.readdirSync(path.join(root, 'server'), { recursive: true, withFileTypes: true })
  for (const f of files) {
    if (!f.isFile() || !/\.ts$/.test(f.name) || /\.test\.ts$/.test(f.name)) continue
    const text = fs.readFileSync(path.join(f.parentPath, f.name), 'utf8')
    if (!text.includes('writeAudit(') && !text.includes('authorizeReferralRead')) continue
    for (const call of text.matchAll(/writeAudit\([\s\S]*?action:([^,]*(?:\?[^,]*)?),/g))
      // Action codes are dotted or snake_case ('escrow.released', 'admin_created'); a compared value ('verified') is not one.
      for (const literal of call[1]!.matchAll(/'([a-z]+[._][a-z_.]+)'/g)) found.add(literal[1]!)
    // authorizeReferralRead(…, action: 'referral.view' | 'referral.export_fhir') passes its action through.
    for (const literal of text.matchAll(/action: ('[a-z_.]+'(?: \| '[a-z_.]+')*)[,)]/g)) for (const l of literal[1]!.matchAll(/'([a-z_.]+)'/g)) found.add(l[1]!)
  }
  return [...found].sort()
}

describe('audit labels', () => {
  test('every action the server writes is catalogued', () => {
    const written = actionsWritten()
    // The scan finds the writers (a broken scan would pass vacuously).
    expect(written).toEqual(expect.arrayContaining(['escrow.placement_confirmed', 'subscription.complimentary_granted', 'license_proof.revoked', 'referral.export_fhir']))
    expect(written.filter((a) => !(AUDIT_ACTIONS as string[]).includes(a))).toEqual([])
  })

  test('every catalogued action, area and detail has a sentence in English and Spanish', () => {
    const missing = (messages: Record<string, string>) =>
      [
        ...AUDIT_ACTIONS.map((a) => [a, AUDIT_ACTION_LABELS[a]] as const),
        ...AUDIT_AREAS.map((a) => [a, AUDIT_AREA_LABELS[a]] as const),
        ...Object.entries(AUDIT_DETAIL_LABELS),
      ]
        .filter(([, key]) => !key || !(messages as Record<string, string>)[key])
        .map(([code]) => code)
    expect(missing(en)).toEqual([])
    expect(missing(es)).toEqual([])
    // A code is never its own label.
    expect(AUDIT_ACTIONS.filter((a) => (en as Record<string, string>)[AUDIT_ACTION_LABELS[a]]!.includes(a))).toEqual([])
  })

  test('codes read as words', () => {
    expect(words('not_placed')).toBe('not placed')
    expect(sentence('previousStatus')).toBe('Previous status')
    expect(sentence('two_factor_secrets')).toBe('Two factor secrets')
  })
})
