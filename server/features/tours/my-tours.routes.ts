import { Hono } from 'hono'
import type { AppEnv } from '../../types'

export const myToursRoutes = new Hono<AppEnv>()
