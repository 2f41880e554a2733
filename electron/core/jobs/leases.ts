import { open, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * Which engine works on which job. The app and any number of `reelbox` commands share one
 * journal; two engines polling and downloading the same job would race each other's writes. A
 * job is worked on only by the process whose id is in `<jobs>/<id>.lease`; a lease whose process
 * has died is taken over, so a job a killed CLI left behind is finished by the next engine.
 */
export interface Leases {
  /** True when this process now holds the job (it was free, stale, or already ours). */
  acquire(id: string): Promise<boolean>
  release(id: string): Promise<void>
  /** The live process holding the job, when it is not this one. */
  holder(id: string): Promise<number | undefined>
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to someone else, which still means alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export function createLeases(dir: string, pid = process.pid, alive: (pid: number) => boolean = isAlive): Leases {
  const fileOf = (id: string): string => path.join(dir, `${id}.lease`)

  async function read(id: string): Promise<number | undefined> {
    const text = await readFile(fileOf(id), 'utf8').catch(() => undefined)
    const holder = Number(text)
    return text !== undefined && Number.isInteger(holder) && holder > 0 ? holder : undefined
  }

  return {
    async acquire(id) {
      try {
        const handle = await open(fileOf(id), 'wx')
        await handle.writeFile(String(pid))
        await handle.close()
        return true
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
      const holder = await read(id)
      if (holder === pid) return true
      if (holder !== undefined && alive(holder)) return false
      // Stale: its engine died. Take it over whole (rename), then make sure we won any race.
      const temp = `${fileOf(id)}.${pid}`
      await writeFile(temp, String(pid))
      await rename(temp, fileOf(id))
      return (await read(id)) === pid
    },
    async release(id) {
      if ((await read(id)) === pid) await rm(fileOf(id), { force: true })
    },
    async holder(id) {
      const holder = await read(id)
      return holder !== undefined && holder !== pid && alive(holder) ? holder : undefined
    },
  }
}
