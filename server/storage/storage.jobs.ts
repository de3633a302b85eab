import { DAY, HOUR } from '../lib/clock'
import { dataDir } from '../env'
import { every } from '../jobs/scheduler'
import { log } from '../lib/logger'
import { removeInterruptedUploads } from './data-folder'
import { ORPHAN_AGE_MS, sweepOrphans } from './orphans'
import { fileStore } from './store'

/**
 * Abandoned temporaries (ADR 025): an upload is received in this instance's
 * DATA_DIR/uploads-in-progress and placed only once whole, so what stays
 * there was cut short (a client gone, a crash). The server empties the
 * folder at start; this hourly round removes what has not moved for a day
 * while it runs, on every instance (each has its own folder with a bucket).
 * The bucket itself never holds a temporary key (storage/s3-store.ts).
 *
 * Orphans (storage/orphans.ts): files placed whose row never committed,
 * removed once a day old. Every few hours is enough for files nobody can
 * reach; several instances sweeping one bucket at once only remove the same
 * orphans twice (a missing file is already gone).
 */
export function registerStorageJobs() {
  every('abandoned uploads cleanup', HOUR, async () => removeInterruptedUploads(dataDir(), DAY))
  every('orphan files sweep', 6 * HOUR, async (db) => {
    const swept = await sweepOrphans(db, fileStore(), { olderThanMs: ORPHAN_AGE_MS })
    if (swept.orphans) log.info('removed orphan files', { storage: fileStore().location, ...swept })
  })
}
