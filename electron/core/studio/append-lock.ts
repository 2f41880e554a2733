import path from 'node:path'

/** A holder silent this long died (SIGKILL): the next writer takes its lock over. */
const STALE_MS = 2_000

/**
 * Runs `work` holding this machine's log lock, kept in its data folder: only this machine's own
 * processes (the app and the CLI) ever wait for it. Other machines never write its log, so
 * nothing crosses machines, and no lock has to hold over a sync engine or a network share.
 */
export async function withAppendLock<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  // Loaded at the first edit: proper-lockfile is CommonJS, and importing it costs every command's start.
  const { lock } = await import('proper-lockfile')
  const release = await lock(dataDir, {
    realpath: false,
    lockfilePath: path.join(dataDir, 'studio-log.lock'),
    stale: STALE_MS,
    retries: { retries: 40, factor: 1.3, minTimeout: 10, maxTimeout: 200 },
    // A lock lost mid-append (the disk stalled past STALE_MS) costs at most one torn line, which
    // the next append cuts off; the default would throw from a timer and end the engine.
    onCompromised: () => undefined,
  })
  try {
    return await work()
  } finally {
    await release().catch(() => undefined)
  }
}
