import { createBackup, restoreBackup } from './backup'
import { fail } from './output'

const summary = (tables: Record<string, number>) =>
  ['users', 'properties', 'referrals', 'referral_payments', 'reviews', 'audit_logs']
    .filter((t) => t in tables)
    .map((t) => `${t} ${tables[t]}`)
    .join(', ')

export async function backup(file: string) {
  try {
    const result = await createBackup(file)
    console.log(`Backup written to ${result.file} (${(result.bytes / 1024).toFixed(1)} KiB): ${summary(result.manifest.tables)}.`)
    console.log('It contains personal data and the encryption keys: store it as carefully as the server itself.')
  } catch (error) {
    fail(error)
  }
}

export async function restore(file: string, opts: { force?: boolean }) {
  try {
    const result = await restoreBackup(file, { force: opts.force })
    console.log(`Restored ${file} into ${result.dir} (backup of ${result.manifest.created_at}): ${summary(result.tables)}.`)
    console.log('Integrity check: ok. Start the server to apply any newer migrations.')
  } catch (error) {
    fail(error)
  }
}
