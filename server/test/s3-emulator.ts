import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
// s3rver has no types of its own.
// @ts-expect-error
import S3rver from 's3rver'
import { S3Store } from '../storage/s3-store'
import { eventually } from './eventually'

/** s3rver's only account (it refuses any other access key). */
export const S3_KEY = 'S3RVER'

export type S3Emulator = {
  endpoint: string
  bucket: string
  /** Where s3rver keeps the objects (`<bucket>/<key>._S3rver_object`): what a leaked bucket would show. */
  dir: string
  /** The environment of a process that stores its files in this bucket under `prefix`. */
  env(prefix?: string): Record<string, string>
  store(prefix?: string): S3Store
  /**
   * Makes an object of `size` bytes look last written `ms` ago: s3rver
   * reports its file's modification time as LastModified (a real bucket
   * cannot be backdated). s3rver answers a PUT before its file is written
   * out, so this waits for the whole file first: a later write would make
   * it new again.
   */
  backdate(objectKey: string, ms: number, size: number): Promise<void>
  /** The bytes of every object in the bucket, as stored. */
  objects(): { name: string; bytes: Buffer }[]
  stop(): Promise<void>
}

/**
 * An S3 API on a free local port (s3rver: objects in a temporary folder). It
 * refuses an unknown access key and a missing bucket, supports multipart
 * uploads, listings, ranged and presigned reads; it does not check the secret
 * key here, nor support conditional writes, versioning or aborting a
 * multipart upload — the tests count on none of those.
 */
export async function startS3Emulator(bucket = 'homeward-test'): Promise<S3Emulator> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-s3-'))
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: bucket }] })
  const { port } = (await server.run()) as { port: number }
  const endpoint = `http://127.0.0.1:${port}`
  const env = (prefix = '') => ({
    STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: S3_KEY,
    S3_SECRET_ACCESS_KEY: S3_KEY,
  })
  return {
    endpoint,
    bucket,
    dir,
    env,
    store: (prefix = '') => new S3Store({ bucket, prefix, endpoint, region: 'us-east-1', accessKeyId: S3_KEY, secretAccessKey: S3_KEY }),
    backdate: async (objectKey, ms, size) => {
      const file = path.join(dir, bucket, `${objectKey}._S3rver_object`)
      await eventually(`s3rver to write ${objectKey} out`, () => fs.statSync(file, { throwIfNoEntry: false })?.size === size)
      const when = new Date(Date.now() - ms)
      fs.utimesSync(file, when, when)
    },
    objects: () =>
      fs
        .readdirSync(path.join(dir, bucket), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && e.name.endsWith('._S3rver_object'))
        .map((e) => ({ name: path.join(e.parentPath, e.name), bytes: fs.readFileSync(path.join(e.parentPath, e.name)) })),
    stop: async () => {
      await server.close()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
