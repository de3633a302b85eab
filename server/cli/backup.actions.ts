import { createBackup, restoreBackup } from './backup'
import { fail } from './output'

const summary = (tables: Record<string, number>) =>
  ['users', 'properties', 'referrals', 'referral_payments', 'reviews', 'audit_logs']
    .filter((t) => t in tables)
    .map((t) => `${t} ${tables[t]}`)
    .join(', ')

const rowCounts = (tables: Record<string, { rows: number }>) => Object.fromEntries(Object.entries(tables).map(([name, t]) => [name, t.rows]))

export async function backup(file: string) {
  try {
    const result = await createBackup(file)
    console.log(`Backup written to ${result.file} (${(result.bytes / 1024).toFixed(1)} KiB): ${summary(rowCounts(result.manifest.tables))}.`)
    console.log('It contains personal data and the encryption keys: store it as carefully as the server itself.')
  } catch (error) {
    fail(error)
  }
}

export async function restore(file: string, opts: { force?: boolean }) {
  try {
    const result = await restoreBackup(file, { force: opts.force })
    const count = Object.keys(result.tables).length
    console.log(`Restored ${file} into ${result.where} (backup of ${result.manifest.created_at}, from ${result.manifest.source_engine}): ${summary(result.tables)}.`)
    console.log(`Integrity check: ok (row counts and checksums of all ${count} tables verified in the archive and again in the restored database).`)
    const n = result.swept.orphans
    if (n) console.log(`${n} stored ${n === 1 ? 'file no restored row names was' : 'files no restored row names were'} removed.`)
    if (result.swept.problem) {
      console.error(`The data is restored, but files no restored row names could not all be removed (${result.swept.problem}): run \`homeward storage sweep --older-than 0\` once the storage answers.`)
    }
  } catch (error) {
    fail(error)
  }
}
