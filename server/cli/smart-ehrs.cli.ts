import type { Command } from 'commander'

const actions = () => import('./smart-ehrs.actions')

/** `homeward smart-ehrs ...`: the EHRs that may launch Homeward from a chart (SMART App Launch, ADR 033; audited as 'cli'). */
export function registerSmartEhrCommands(program: Command) {
  const ehrs = program.command('smart-ehrs').description('EHRs that may launch Homeward from a patient’s chart (SMART App Launch)')
  ehrs
    .command('add')
    .description('Register an EHR: its FHIR base URL (the launch’s iss) and the client id it gave Homeward')
    .requiredOption('--iss <url>', 'the FHIR base URL, e.g. https://fhir.hospital.example/api/FHIR/R4')
    .requiredOption('--client-id <id>', 'the client id the EHR gave Homeward')
    .option('--client-secret <secret>', 'a confidential client’s secret (kept encrypted)')
    .option('--jwks', 'a confidential client authenticating with a key pair: Homeward makes one and serves its public key')
    .option('--frame-origin <origin...>', 'origins of the EHR pages that may frame Homeward (default: the iss’s origin)')
    .option('--json', 'print JSON')
    .action(async (opts: { iss: string; clientId: string; clientSecret?: string; jwks?: boolean; frameOrigin?: string[]; json?: boolean }) => (await actions()).add(opts))
  ehrs
    .command('list')
    .description('List the registered EHRs, with the launch and redirect URLs to give them')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => (await actions()).list(opts))
  ehrs
    .command('remove <iss-or-id>')
    .description('Remove a registered EHR (its launches under way end)')
    .action(async (key: string) => (await actions()).remove(key))
}
