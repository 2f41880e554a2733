import { fromRel, stemOf } from './naming'
import { readSidecar } from './sidecar'

export type SidecarRead = Awaited<ReturnType<typeof readSidecar>>

/** The sidecars beside a slice's videos the index has no row for (every one, in a build): they will be read. */
export function newSidecars(videos: readonly string[], known: ReadonlyArray<{ rel: string }>, present: ReadonlySet<string>): string[] {
  const indexed = new Set(known.map((k) => k.rel))
  return videos.filter((rel) => !indexed.has(rel)).map((rel) => `${stemOf(rel)}.json`).filter((sidecar) => present.has(sidecar))
}

/**
 * Sidecar reads started before their slice is compared (issue 24). A scan compares and writes a
 * slice of a folder on the engine's thread; without reads in flight meanwhile, the file reads
 * (the thread pool's work) stop for every write, and on a busy machine the rebuild ran at half a
 * core. Reads are started in the folder's order, at most `limit` at a time (each holds a file
 * descriptor), and parsed as they arrive. Reading only reads: what is read is used by the slice
 * that asks for it, after it has looked at the index as it is then, and a read nobody asks for
 * is dropped.
 */
export class ReadAhead {
  private readonly reads = new Map<string, Promise<SidecarRead>>()
  /** Reads queued, not started yet, in the folder's order. */
  private readonly waiting: Array<() => void> = []
  private running = 0

  constructor(
    private readonly root: string,
    private readonly limit: number,
  ) {}

  /** Queues reads of these sidecars (library-relative paths), after the ones queued before. */
  start(rels: Iterable<string>): void {
    for (const rel of rels) {
      if (this.reads.has(rel)) continue
      const read = new Promise<SidecarRead>((resolve, reject) => {
        this.waiting.push(() =>
          readSidecar(fromRel(this.root, rel)).then(
            (read) => {
              resolve(read)
              this.done()
            },
            (error: unknown) => {
              reject(error)
              this.done()
            },
          ),
        )
      })
      // Awaited by `take`, or by nobody: a read that fails unasked for is not an error.
      read.catch(() => undefined)
      this.reads.set(rel, read)
    }
    this.pump()
  }

  /** This sidecar's read: the one started ahead, or one started now. Each is handed out once. */
  take(rel: string): Promise<SidecarRead> {
    const read = this.reads.get(rel)
    if (!read) return readSidecar(fromRel(this.root, rel))
    this.reads.delete(rel)
    return read
  }

  /** Drops what was read but not asked for, and reads not started yet (the folder is done). */
  clear(): void {
    this.waiting.length = 0
    this.reads.clear()
  }

  private done(): void {
    this.running--
    this.pump()
  }

  private pump(): void {
    while (this.running < this.limit && this.waiting.length) {
      this.running++
      this.waiting.shift()!()
    }
  }
}
