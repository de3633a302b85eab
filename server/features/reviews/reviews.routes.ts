import { Hono } from 'hono'
import type { AppEnv } from '../../types'

export const reviewsRoutes = new Hono<AppEnv>()
