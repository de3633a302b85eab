import path from 'node:path'
import { env } from '../env'

/**
 * Where the built browser app is: `dist/client`, or CLIENT_DIST (parallel test
 * runs build into their own folder). Its own module so that `serve` finds the
 * build without loading the bundler's code (client/build.ts and its plugins),
 * which a runtime such as the Docker image does not carry.
 */
export const clientOutDir = env.CLIENT_DIST ? path.resolve(env.CLIENT_DIST) : path.resolve(import.meta.dir, '../../dist/client')
