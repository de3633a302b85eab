import { Hono } from 'hono'
import type { AppEnv } from '../../types'

export const documentsRoutes = new Hono<AppEnv>()
