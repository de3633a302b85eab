import { readFileSync } from 'node:fs'
import { boot } from '../boot'
import { CLI_ACTOR } from '../lib/audit'
import { addClient, listClients, revokeClient } from '../features/systems'
import { fail, printTable } from './output'

export async function add(opts: { name: string; account: string; jwksUrl?: string; jwksFile?: string; scope?: string; json?: boolean }) {
  if (!!opts.jwksUrl === !!opts.jwksFile) {
    console.error('Error: give --jwks-url or --jwks-file, exactly one')
    process.exit(2)
  }
  let jwks: { keys: Record<string, unknown>[] } | undefined
  if (opts.jwksFile) {
    try {
      jwks = JSON.parse(readFileSync(opts.jwksFile, 'utf8'))
    } catch (error) {
      console.error(`Error: --jwks-file: ${error instanceof Error ? error.message : 'cannot read it'}`)
      process.exit(2)
    }
  }
  const { database } = await boot()
  try {
    const client = await addClient(database, CLI_ACTOR, { name: opts.name, account: opts.account, jwks_url: opts.jwksUrl, jwks: jwks as never, scopes: opts.scope })
    if (opts.json) return void console.log(JSON.stringify(client, null, 2))
    console.log(`client_id: ${client.client_id}`)
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
  const rows = await listClients(database)
  if (opts.json) return void console.log(JSON.stringify({ items: rows }, null, 2))
  printTable(
    rows,
    { NAME: (r) => r.name, ACCOUNT: (r) => r.account, SCOPES: (r) => r.scopes, 'LAST USED': (r) => r.last_used_at ?? 'never', STATUS: (r) => (r.revoked_at ? `revoked ${r.revoked_at}` : 'active'), CLIENT_ID: (r) => r.client_id },
    ['system', 'systems'],
    'No system is registered.',
  )
}

export async function revoke(clientId: string) {
  const { database } = await boot()
  try {
    const client = await revokeClient(database, CLI_ACTOR, clientId)
    console.log(`Revoked ${client.name} (${client.client_id}).`)
  } catch (error) {
    fail(error)
  }
}
