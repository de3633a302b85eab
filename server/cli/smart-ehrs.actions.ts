import { boot } from '../boot'
import { CLI_ACTOR } from '../lib/audit'
import { addEhr, launchUrl, listEhrs, redirectUrl, removeEhr } from '../features/smart'
import { fail, printTable } from './output'

export async function add(opts: { iss: string; clientId: string; clientSecret?: string; jwks?: boolean; frameOrigin?: string[]; json?: boolean }) {
  const { database } = await boot()
  try {
    if (opts.clientSecret && opts.jwks) {
      console.error('Error: choose --client-secret or --jwks, not both')
      process.exit(2)
    }
    const ehr = await addEhr(database, CLI_ACTOR, {
      iss: opts.iss,
      client_id: opts.clientId,
      client_auth: opts.jwks ? 'jwks' : opts.clientSecret ? 'secret' : 'public',
      client_secret: opts.clientSecret,
      frame_origins: opts.frameOrigin,
    })
    if (opts.json) return void console.log(JSON.stringify(ehr, null, 2))
    console.log(`Registered ${ehr.iss} (client ${ehr.client_id}, ${ehr.client_auth}).`)
    console.log(`Launch URL: ${launchUrl()}\nRedirect URL: ${redirectUrl()}`)
    if (ehr.jwks_url) console.log(`JWKS URL (give it to the EHR): ${ehr.jwks_url}`)
  } catch (error) {
    const issue = (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues?.[0]
    if (issue) {
      console.error(`Error: ${issue.path.join('.') || 'input'}: ${issue.message}`)
      process.exit(2)
    }
    fail(error)
  }
}

export async function list(opts: { json?: boolean }) {
  const { database } = await boot()
  const rows = await listEhrs(database)
  if (opts.json) return void console.log(JSON.stringify({ items: rows, launch_url: launchUrl(), redirect_url: redirectUrl() }, null, 2))
  printTable(rows, { ISS: (r) => r.iss, CLIENT: (r) => r.client_id, TYPE: (r) => r.client_auth, 'FRAMED BY': (r) => r.frame_origins.join(' '), ID: (r) => r.id }, ['EHR', 'EHRs'], 'No EHR is registered.')
  console.log(`Launch URL: ${launchUrl()}\nRedirect URL: ${redirectUrl()}`)
}

export async function remove(key: string) {
  const { database } = await boot()
  try {
    const ehr = await removeEhr(database, CLI_ACTOR, key)
    console.log(`Removed ${ehr.iss}.`)
  } catch (error) {
    fail(error)
  }
}
