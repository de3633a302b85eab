import { readFileSync } from 'node:fs'
import { importHealthRecord } from './server/features/fhir/import-draft'
for (const f of ['Kermit_Trantow_f1a650a5-737e-4fd7-828e-03c3348b9524.json','Judson_Eichmann_34d4fd7e-b2b6-42fc-adb5-09db196b8662.json','Louis_Erdman_55bbe118-e08d-4408-86e5-6084457500d4.json']) {
const t0 = performance.now()
const r = await importHealthRecord(readFileSync('server/features/fhir/samples/' + f, 'utf8'))
console.log(performance.now() - t0, JSON.stringify(r, null, 1))
}
