/**
 * npm run build:zip-data — regenerates server/features/geo/data/us-zips.tsv
 * from the `zipcodes` npm package (ADR 011). Run it after upgrading that
 * package; `server/features/geo/zip.test.ts` fails while the two disagree.
 *
 * One line per US ZIP, sorted: zip, latitude, longitude, state, city (tab
 * separated). Read once, on the first lookup, instead of evaluating the
 * package's 5 MB object literal in every process that starts.
 */
import fs from 'node:fs'
import path from 'node:path'
import zipcodes from 'zipcodes'

const ZIP_DATA_FILE = path.join(import.meta.dir, '../server/features/geo/data/us-zips.tsv')

const lines = Object.values(zipcodes.codes)
  .filter((z) => z.country === 'US' && typeof z.latitude === 'number' && typeof z.longitude === 'number')
  .sort((a, b) => a.zip.localeCompare(b.zip))
  .map((z) => [z.zip, z.latitude, z.longitude, z.state, z.city].join('\t'))

const version = JSON.parse(fs.readFileSync(path.join(import.meta.dir, '../node_modules/zipcodes/package.json'), 'utf8')).version
fs.writeFileSync(ZIP_DATA_FILE, `# us-zips from zipcodes@${version}: zip\tlatitude\tlongitude\tstate\tcity\n${lines.join('\n')}\n`)
console.log(`Wrote ${lines.length} ZIPs (zipcodes@${version}) to ${path.relative(process.cwd(), ZIP_DATA_FILE)}`)
