import fs from 'node:fs'
import { objectType } from './object-type'
import { rangedResponse } from './ranged'
import type { FileStore, StoredEntry } from './store'

/** Where a bucket is and how to sign for it (storage-config.ts reads it from the environment). */
export type S3Config = {
  bucket: string
  /** Key prefix inside the bucket, without slashes at either end ('' for none). */
  prefix: string
  endpoint?: string
  region?: string
  accessKeyId: string
  secretAccessKey: string
  sessionToken?: string
}

/** The S3 error codes that mean "no such object" (Bun's client throws for a missing key on stat). */
const MISSING = new Set(['NoSuchKey', 'NotFound', 'ENOENT'])
const codeOf = (error: unknown) => (error as { code?: string })?.code ?? ''

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Garage, Cloudflare R2)
 * through Bun's built-in client (ADR 025).
 *
 * Whole or absent: an upload is received and checked in this instance's
 * in-progress folder first (sealed already when private), and only then
 * written once under its final key. S3 makes an object visible only when its
 * PUT — or its multipart upload's completion — succeeds, so a reader never
 * sees part of one; no temporary key is ever written to the bucket. The
 * parts of a multipart write cut short by a crash are invisible, and removed
 * by the bucket's lifecycle rule (README "Files in object storage"): Bun's
 * client aborts a multipart upload that fails while the process lives, but
 * has no call to list or abort what a dead process left.
 */
export class S3Store implements FileStore {
  readonly kind = 's3'
  readonly client: Bun.S3Client
  private readonly base: string

  constructor(readonly config: S3Config) {
    this.client = new Bun.S3Client({
      bucket: config.bucket,
      endpoint: config.endpoint,
      region: config.region,
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      sessionToken: config.sessionToken,
    })
    this.base = config.prefix ? `${config.prefix}/` : ''
  }

  get location() {
    return `s3://${this.config.bucket}${this.config.prefix ? `/${this.config.prefix}` : ''}`
  }

  /** The object's name in the bucket. */
  objectKey(key: string) {
    return this.base + key
  }

  async place(localPath: string, key: string) {
    try {
      // Bun streams the file from disk (a multipart upload past 5 MB): never whole in memory.
      await this.client.write(this.objectKey(key), Bun.file(localPath), { type: objectType(key) })
    } finally {
      fs.rmSync(localPath, { force: true })
    }
  }

  async write(key: string, data: Uint8Array) {
    await this.client.write(this.objectKey(key), data, { type: objectType(key) })
  }

  async copyIn(key: string, source: Blob) {
    await this.client.write(this.objectKey(key), source, { type: objectType(key) })
  }

  blob(key: string) {
    return this.client.file(this.objectKey(key))
  }

  async size(key: string) {
    try {
      return (await this.client.stat(this.objectKey(key))).size
    } catch (error) {
      if (MISSING.has(codeOf(error))) return null
      throw error
    }
  }

  async remove(key: string) {
    try {
      await this.client.delete(this.objectKey(key))
    } catch (error) {
      if (!MISSING.has(codeOf(error))) throw error
    }
  }

  async removeOwner(prefix: string) {
    for await (const { key } of this.listUnder(prefix)) await this.remove(key)
  }

  list() {
    return this.listUnder('')
  }

  private async *listUnder(sub: string): AsyncGenerator<StoredEntry> {
    let token: string | undefined
    do {
      const page = await this.client.list({ prefix: this.base + sub, ...(token ? { continuationToken: token } : {}) })
      for (const object of page.contents ?? []) {
        yield { key: object.key.slice(this.base.length), size: object.size ?? 0, modifiedMs: Date.parse(object.lastModified ?? '') }
      }
      token = page.isTruncated ? page.nextContinuationToken : undefined
    } while (token)
  }

  async serve(key: string, range: string | undefined, headers: Record<string, string>) {
    // Through the app rather than a redirect to a presigned URL (ADR 025): same origin, same cache headers, a private bucket.
    const size = await this.size(key)
    if (size === null) return null
    return rangedResponse(this.blob(key), size, range, { 'Content-Type': Bun.file(key).type, ...headers })
  }

  async ping() {
    // A listing of a prefix that holds nothing: needs the bucket, the credentials and the network, reads nothing.
    await this.client.list({ prefix: `${this.base}.homeward-ping/` })
  }
}

/** A start-up or health message for a bucket that does not answer, naming the setting to fix and never the secret. */
export function describeS3Error(error: unknown, store: { location: string; config: S3Config }) {
  const code = codeOf(error)
  const where = `${store.location}${store.config.endpoint ? ` at ${store.config.endpoint}` : ''}`
  if (code === 'NoSuchBucket') return `The bucket of STORAGE_URL (${where}) does not exist: create it or correct STORAGE_URL`
  if (['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AccessDenied', 'InvalidToken', 'ExpiredToken'].includes(code)) {
    return `The object storage ${where} refused the credentials (${code}): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (access key ${store.config.accessKeyId})`
  }
  return `The object storage ${where} does not answer (${code || (error instanceof Error ? error.message : String(error))}): check S3_ENDPOINT and the network`
}
