import { every } from '../jobs/scheduler'
import { MINUTE } from './clock'
import { removeEndedWindows } from './rate-limit'

// Ended rate-limit windows are deleted from the shared table (PostgreSQL; in memory they are swept as they go).
every('rate-limit-windows-clean-up', 15 * MINUTE, removeEndedWindows)
