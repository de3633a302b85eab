import { Hono } from 'hono'
import type { AppEnv } from '../../types'

export const operatorsRoutes = new Hono<AppEnv>()
