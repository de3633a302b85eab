import { Hono } from 'hono'
import type { AppEnv } from '../../types'

export const myProfileRoutes = new Hono<AppEnv>()
