import { every } from '../../jobs/scheduler'
import { HOUR } from '../../lib/clock'
import { deleteExpiredSessions } from './session'

every('expired-sessions', HOUR, deleteExpiredSessions)
