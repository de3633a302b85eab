import { DAY, HOUR } from '../lib/clock'
import { dataDir } from '../env'
import { every } from '../jobs/scheduler'
import { removeInterruptedUploads } from './data-folder'

/**
 * Abandoned temporaries (ADR 025): an upload is received in this instance's
 * DATA_DIR/uploads-in-progress and placed only once whole, so what stays
 * there was cut short (a client gone, a crash). The server empties the
 * folder at start; this hourly round removes what has not moved for a day
 * while it runs, on every instance (each has its own folder with a bucket).
 * The bucket itself never holds a temporary key (storage/s3-store.ts).
 */
export function registerStorageJobs() {
  every('abandoned uploads cleanup', HOUR, async () => removeInterruptedUploads(dataDir(), DAY))
}
