import { Hono } from 'hono'
import type { AppEnv } from '../../types'

export const billingRoutes = new Hono<AppEnv>()
