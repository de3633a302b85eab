import fs from 'node:fs'
import path from 'node:path'
import type { FileStore, StoredEntry } from './store'

/**
 * Files in a folder (DATA_DIR/uploads): a finished upload is renamed into
 * place from the in-progress folder beside it (same file system, atomic), so
 * the folder only ever holds complete files. The default, and what every
 * release before ADR 025 did.
 */
export class FolderStore implements FileStore {
  readonly kind = 'folder'
  /** The data folder, asked each time (a test may point DATA_DIR elsewhere): files in uploads/, written through uploads-in-progress/. */
  constructor(private readonly dataFolder: () => string) {}

  get root() {
    return path.join(this.dataFolder(), 'uploads')
  }

  private get inProgress() {
    return path.join(this.dataFolder(), 'uploads-in-progress')
  }

  get location() {
    return this.root
  }

  path(key: string) {
    return path.join(this.root, key)
  }

  async place(localPath: string, key: string) {
    const file = this.path(key)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.renameSync(localPath, file)
  }

  async write(key: string, data: Uint8Array) {
    // In the in-progress folder first, owner-only from its first byte, then renamed: the key never holds part of it.
    fs.mkdirSync(this.inProgress, { recursive: true, mode: 0o700 })
    const temp = path.join(this.inProgress, `${crypto.randomUUID()}.part`)
    try {
      fs.writeFileSync(temp, data, { mode: 0o600, flag: 'wx' })
      await this.place(temp, key)
    } catch (error) {
      fs.rmSync(temp, { force: true })
      throw error
    }
  }

  async copyIn(key: string, source: Blob) {
    fs.mkdirSync(this.inProgress, { recursive: true, mode: 0o700 })
    const temp = path.join(this.inProgress, `${crypto.randomUUID()}.part`)
    try {
      fs.closeSync(fs.openSync(temp, 'wx', 0o600)) // owner-only from its first byte
      await Bun.write(temp, source)
      await this.place(temp, key)
    } catch (error) {
      fs.rmSync(temp, { force: true })
      throw error
    }
  }

  blob(key: string) {
    return Bun.file(this.path(key))
  }

  async size(key: string) {
    try {
      const stat = fs.statSync(this.path(key))
      return stat.isFile() ? stat.size : null
    } catch {
      return null
    }
  }

  async remove(key: string) {
    fs.rmSync(this.path(key), { force: true })
  }

  async removeOwner(prefix: string) {
    fs.rmSync(this.path(prefix), { recursive: true, force: true })
  }

  list() {
    return this.walk(this.root)
  }

  /** One directory open at a time per level (opendir reads its entries in batches): never the whole tree in memory. */
  private async *walk(dir: string): AsyncGenerator<StoredEntry> {
    let entries: fs.Dir
    try {
      entries = await fs.promises.opendir(dir)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    for await (const entry of entries) {
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) yield* this.walk(file)
      if (!entry.isFile()) continue
      const stat = await fs.promises.stat(file).catch(() => null) // removed meanwhile: no longer stored
      if (stat) yield { key: path.relative(this.root, file).split(path.sep).join('/'), size: stat.size, modifiedMs: stat.mtimeMs }
    }
  }

  async serve(key: string, _range: string | undefined, headers: Record<string, string>) {
    const file = this.blob(key)
    if (!fs.existsSync(file.name!)) return null
    // Bun answers Range requests for a file on disk itself (sendfile), which video seeking needs.
    return new Response(file, { headers: { 'Content-Type': file.type, ...headers } })
  }

  async ping() {
    // The folder (or the data folder that will hold it) is there and writable: one system call.
    const dir = fs.existsSync(this.root) ? this.root : path.dirname(this.root)
    fs.accessSync(dir, fs.constants.W_OK)
  }
}
