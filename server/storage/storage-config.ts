import { dataDir, env, type Env } from '../env'
import { FolderStore } from './folder-store'
import type { S3Config } from './s3-store'
import { S3Store } from './s3-store'
import type { FileStore } from './store'

/** The folder store of a data folder: DATA_DIR/uploads, written through DATA_DIR/uploads-in-progress. */
export const folderStoreOf = (dir: () => string) => new FolderStore(dir)

/** s3://bucket/prefix and the S3_ (else AWS_) settings as a bucket's configuration. */
export function s3ConfigOf(url: string, settings: Partial<Env> = env): S3Config {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(url)
  if (!match) throw new Error(`Not an s3:// URL: ${url}`)
  const accessKeyId = settings.S3_ACCESS_KEY_ID || settings.AWS_ACCESS_KEY_ID
  const secretAccessKey = settings.S3_SECRET_ACCESS_KEY || settings.AWS_SECRET_ACCESS_KEY
  if (!accessKeyId || !secretAccessKey) throw new Error('An s3:// storage needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)')
  return {
    bucket: match[1]!,
    prefix: match[2]!.replace(/^\/+|\/+$/g, ''),
    endpoint: settings.S3_ENDPOINT || settings.AWS_ENDPOINT_URL_S3 || settings.AWS_ENDPOINT_URL,
    region: settings.S3_REGION || settings.AWS_REGION || settings.AWS_DEFAULT_REGION,
    accessKeyId,
    secretAccessKey,
    sessionToken: settings.S3_SESSION_TOKEN || settings.AWS_SESSION_TOKEN,
  }
}

/** The store a storage URL names: s3://… a bucket, anything else (unset) the data folder. */
export function storeFor(url: string | undefined, dir: () => string = dataDir): FileStore {
  return url ? new S3Store(s3ConfigOf(url)) : folderStoreOf(dir)
}

/** The store this configuration names (STORAGE_URL), chosen once by composition.ts. */
export const configuredStore = () => storeFor(env.STORAGE_URL)
