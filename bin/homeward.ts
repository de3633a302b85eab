import { runCli } from '../server/cli'

await runCli(process.argv.slice(2))
