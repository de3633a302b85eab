import fs from 'node:fs'
import path from 'node:path'
import { dataDir } from '../env'

/**
 * `serve` writes its process id to DATA_DIR/homeward.pid and removes it on
 * exit, so `restore` can refuse to replace the data of a running server. A
 * file left by a crashed server is recognised as stale (no such process).
 */
export const LOCK_FILE = 'homeward.pid'
export const lockPath = (dir = dataDir()) => path.join(dir, LOCK_FILE)

/** The pid of a live server using `dir`, or null. */
export function runningServerPid(dir = dataDir()): number | null {
  let pid: number
  try {
    pid = Number.parseInt(fs.readFileSync(lockPath(dir), 'utf8').trim(), 10)
  } catch {
    return null
  }
  if (!Number.isInteger(pid) || pid <= 0) return null
  try {
    process.kill(pid, 0)
    return pid
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null
  }
}

/** Called by `serve`: records this process as the data folder's server until it exits. */
export function holdServerLock(dir = dataDir()) {
  const other = runningServerPid(dir)
  if (other && other !== process.pid) {
    console.warn(`Warning: another Homeward server (pid ${other}) seems to use ${dir}.`)
  }
  fs.mkdirSync(dir, { recursive: true })
  const file = lockPath(dir)
  fs.writeFileSync(file, `${process.pid}\n`)
  const release = () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file, { force: true })
    } catch {
      // Already gone.
    }
  }
  // A server killed by a signal leaves the file behind: runningServerPid() sees it is stale.
  process.on('exit', release)
}
