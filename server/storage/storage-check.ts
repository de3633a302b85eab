import { log } from '../lib/logger'
import { movedNote } from './move'
import { describeS3Error, S3Store } from './s3-store'
import { fileStore, type FileStore } from './store'

/** How long the storage has to answer a health check or the start-up check. */
const ANSWER_MS = 5_000

class NoAnswer extends Error {
  code = 'Timeout'
}

/** Resolves when the store answers within the time; throws its error (or a time-out) otherwise. */
export async function pingStore(store: FileStore = fileStore(), timeoutMs = ANSWER_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    await Promise.race([
      store.ping(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new NoAnswer(`no answer within ${timeoutMs} ms`)), timeoutMs)
      }),
    ])
  } finally {
    clearTimeout(timer)
  }
}

/** What is wrong with a store that did not answer, in words an operator acts on (never a secret). */
export function storageProblem(store: FileStore, error: unknown) {
  if (store instanceof S3Store) return describeS3Error(error, store)
  return `The file folder ${store.location} cannot be written: ${error instanceof Error ? error.message : String(error)}`
}

/** Throws a readable error (never a secret) when the store does not answer: the CLI's check. */
export async function checkStorageReachable(store: FileStore) {
  try {
    await pingStore(store)
  } catch (error) {
    throw new Error(storageProblem(store, error))
  }
}

/**
 * The start-up check: a server whose bucket is missing, whose credentials
 * are refused or whose endpoint does not answer stops at once with a line
 * saying which, instead of failing every upload later.
 */
export async function checkStorageAtStart(store: FileStore = fileStore()) {
  try {
    await pingStore(store)
  } catch (error) {
    const problem = storageProblem(store, error)
    log.error('file storage unavailable', { storage: store.location, problem })
    console.error(`\n${problem}\n`)
    process.exit(1)
  }
  // After `homeward storage move`, the old place is retired: serving from it would split the files in two.
  const moved = await movedNote(store)
  if (moved) {
    const setting = moved.to.startsWith('s3://') ? `STORAGE_URL=${moved.to}` : 'STORAGE_URL unset (the data folder)'
    const problem = `The files in ${store.location} were moved to ${moved.to} on ${moved.at} (homeward storage move): start with ${setting}`
    log.error('file storage retired', { storage: store.location, moved_to: moved.to })
    console.error(`\n${problem}\n`)
    process.exit(1)
  }
  log.info('file storage', { kind: store.kind, location: store.location })
}
