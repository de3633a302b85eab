import { transaction } from '../db/unit-of-work'
import { every } from '../jobs/scheduler'
import { MINUTE } from '../lib/clock'
import { hub } from './hub'

// Replayable events older than the retention window are dropped; a browser
// resuming from before it is told to resync instead.
every('realtime-events-clean-up', 15 * MINUTE, (db) => transaction(db, (tx) => hub.cleanUp(tx)))
