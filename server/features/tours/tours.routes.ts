import { Hono } from 'hono'
import type { AppEnv } from '../../types'

export const toursRoutes = new Hono<AppEnv>()
