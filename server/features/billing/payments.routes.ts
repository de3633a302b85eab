import { Hono } from 'hono'
import type { AppEnv } from '../../types'

export const paymentsRoutes = new Hono<AppEnv>()
