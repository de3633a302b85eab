import type { Command } from 'commander'

const actions = () => import('./fhir-clients.actions')

/** `homeward fhir-clients ...`: registered systems (SMART Backend Services, ADR 038; audited as 'cli'). */
export function registerFhirClientCommands(program: Command) {
  const clients = program.command('fhir-clients').description('Systems that send referrals through the FHIR API (SMART Backend Services)')
  clients
    .command('add')
    .description('Register a system acting for a referrer account; prints its client_id')
    .requiredOption('--name <name>', 'the system’s name, e.g. "Mercy Hospital Epic"')
    .requiredOption('--account <email>', 'the referrer account it acts for (its referrals, messages and e-mails)')
    .option('--jwks-url <url>', 'where its public keys are published (https)')
    .option('--jwks-file <file>', 'a file holding its public keys (a JWKS)')
    .option('--scope <scopes>', 'the SMART scopes it is granted (default "system/*.cruds")')
    .option('--json', 'print JSON')
    .action(async (opts: { name: string; account: string; jwksUrl?: string; jwksFile?: string; scope?: string; json?: boolean }) => (await actions()).add(opts))
  clients
    .command('list')
    .description('List the registered systems, their account, scopes and last use')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => (await actions()).list(opts))
  clients
    .command('revoke <client_id>')
    .description('Revoke a system: its tokens stop working on their next request')
    .action(async (clientId: string) => (await actions()).revoke(clientId))
}
