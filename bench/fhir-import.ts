/**
 * The FHIR import's cost on the largest sample record (ADR 026): the first
 * import loads the R4 definitions (once per process), the next ones only
 * validate and map. Prints time and memory (RSS, JS heap) in one process.
 *
 *   bun run bench:fhir-import
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { importHealthRecord } from '../server/features/fhir/import-draft'
import { floorLine } from './floor'

const dir = join(import.meta.dir, '..', 'server', 'features', 'fhir', 'samples')
const largest = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({ f, size: statSync(join(dir, f)).size }))
  .sort((a, b) => b.size - a.size)[0]!
const text = readFileSync(join(dir, largest.f), 'utf8')
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`
const memory = () => {
  Bun.gc(true)
  const m = process.memoryUsage()
  return { rss: m.rss, heap: m.heapUsed }
}

const before = memory()
let started = performance.now()
await importHealthRecord(text)
const cold = performance.now() - started
// The process's highest RSS so far (kilobytes): the definitions' JSON is parsed synchronously, so no timer could sample it.
const peak = process.resourceUsage().maxRSS * 1024
const afterFirst = memory()
const warm: number[] = []
for (let i = 0; i < 10; i++) {
  started = performance.now()
  await importHealthRecord(text)
  warm.push(performance.now() - started)
}
warm.sort((a, b) => a - b)
const afterWarm = memory()

console.log(`${largest.f} (${(largest.size / 1024).toFixed(0)} KB), ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(2)}`)
console.log(`before the first import:  RSS ${mb(before.rss)}, heap ${mb(before.heap)}`)
console.log(`first import (loads the R4 definitions): ${cold.toFixed(0)} ms, peak RSS ${mb(peak)}`)
console.log(`after it (definitions kept):  RSS ${mb(afterFirst.rss)}, heap ${mb(afterFirst.heap)}`)
console.log(`next imports: median ${warm[5]!.toFixed(1)} ms, max ${warm.at(-1)!.toFixed(1)} ms (10 runs); RSS after ${mb(afterWarm.rss)}, heap ${mb(afterWarm.heap)}`)
console.log(floorLine())
