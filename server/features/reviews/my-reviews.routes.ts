import { Hono } from 'hono'
import type { AppEnv } from '../../types'

export const myReviewsRoutes = new Hono<AppEnv>()
