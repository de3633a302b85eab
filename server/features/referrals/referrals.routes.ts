import { Hono } from 'hono'
import type { AppEnv } from '../../types'

export const referralsRoutes = new Hono<AppEnv>()
