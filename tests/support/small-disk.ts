import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, open, rm, statfs } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, onTestFinished } from 'vitest'
import { useTempDir } from './temp'

/**
 * A small file system the test makes and controls (issue 10 items 1 and 2): a tmpfs mounted on a
 * new folder, which the test can fill, grow, make read-only and writable again. Mounting needs
 * root (CI is root); elsewhere `smallDiskUnavailable` says why, and the tests that need one are
 * skipped saying so.
 */
const run = promisify(execFile)

export interface SmallDisk {
  readonly dir: string
  /** Bytes this user may still write there. */
  free(): Promise<number>
  /** A file that leaves about `leaveBytes` free. */
  fill(leaveBytes: number): Promise<string>
  resize(megabytes: number): Promise<void>
  readOnly(on: boolean): Promise<void>
}

/** Unmount, then remove: a folder still mounted cannot be removed. */
const forTheFile: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const cleanup of forTheFile.splice(0)) await cleanup()
})
let count = 0

async function mountTmpfs(dir: string, megabytes: number): Promise<void> {
  await run('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0755`, 'tmpfs', dir])
}

/** Why no small disk can be made here, or undefined when one can. */
export const smallDiskUnavailable: string | undefined = await (async () => {
  if (process.platform !== 'linux') return 'small-disk tests need Linux tmpfs; skipped on this platform'
  if (process.getuid?.() !== 0) return 'small-disk tests mount a tmpfs, which needs root (CI runs as root); skipped for this user'
  const probe = await useTempDir('reelbox-disk-probe-')
  try {
    await mountTmpfs(probe, 1)
    await run('umount', [probe])
    return undefined
  } catch (error) {
    return `small-disk tests could not mount a tmpfs (${(error as Error).message.split('\n')[0]}); skipped`
  }
})()

/** A tmpfs of `megabytes` at a new folder, unmounted and removed when the test (or the file) ends. */
export async function smallDisk(megabytes: number, name = 'disk'): Promise<SmallDisk> {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'reelbox-disk-'))
  const dir = path.join(parent, name)
  await mkdir(dir)
  await mountTmpfs(dir, megabytes)
  const cleanup = async (): Promise<void> => {
    await run('umount', ['-l', dir]).catch(() => undefined)
    await rm(parent, { recursive: true, force: true })
  }
  try {
    onTestFinished(cleanup)
  } catch {
    forTheFile.push(cleanup)
  }
  const remount = (options: string): Promise<unknown> => run('mount', ['-o', `remount,${options}`, dir])
  const free = async (): Promise<number> => {
    const info = await statfs(dir)
    return info.bavail * info.bsize
  }
  return {
    dir,
    free,
    async fill(leaveBytes) {
      // Written until the disk says no (what statfs promises is not quite what a write gets), then
      // shortened to leave what was asked.
      const file = path.join(dir, `filler-${++count}`)
      const handle = await open(file, 'w')
      const chunk = Buffer.alloc(64 * 1024)
      try {
        for (;;) await handle.write(chunk)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
      }
      const { size } = await handle.stat()
      await handle.truncate(Math.max(0, size - leaveBytes))
      await handle.close()
      return file
    },
    resize: (size) => remount(`size=${size}m`).then(() => undefined),
    readOnly: (on) => remount(on ? 'ro' : 'rw').then(() => undefined),
  }
}

export const removeFile = (file: string): Promise<void> => rm(file, { force: true })
