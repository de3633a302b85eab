/** npm run build: the browser app (dist/client) and the prebuilt server (dist/server), each only when its sources changed. */
import { buildClientIfChanged } from '../client/build'
import { buildServerIfChanged } from '../server/build/server-bundle'

await buildClientIfChanged()
await buildServerIfChanged()
