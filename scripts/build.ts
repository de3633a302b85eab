/** npm run build: the browser app (dist/client) and the prebuilt server (dist/server), each only when its sources changed. */
import { buildClientIfChanged } from '../client/build'
import { formatReport } from '../client/bundle-report'
import { buildServerIfChanged } from '../server/build/server-bundle'

const report = await buildClientIfChanged()
// The bundle report: what the first page costs and what each route's page adds.
if (report) console.log(formatReport(report))
await buildServerIfChanged()
