import { readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { LogLine } from '../../shared/contract/app'
import { makeMp4 } from '../core/library/support/mp4'
import { newTestLibrary, resultFields, stage } from '../core/library/support/fixtures'
import { startWebApp, type WebApp } from '../e2e/support/web'
import { useTempDir } from '../support/temp'

/**
 * The focus re-check's folder check runs on a thread of its own (folder-check.worker.ts, built into
 * out/web/workers/), so it must work from a bundle as well as from the sources: here web
 * mode's bundle (out/web, built as the CLI's is) checks a library with a sidecar edited by hand.
 */
let app: WebApp
let ws: WebSocket
let cleanup: () => Promise<void>
let sidecarFile: string

beforeAll(async () => {
  const dir = await useTempDir('reelbox-web-check-')
  const t = await newTestLibrary()
  cleanup = t.cleanup
  const mp4 = await makeMp4()
  for (const [n, month] of [0, 2].entries()) {
    const fields = resultFields({ id: `m${n}-0`, prompt: `take ${n}`, finishedAt: Date.UTC(2025, month, 10) })
    await t.library.importResult({ ...fields, stagedFile: await stage(t.root, mp4) })
  }
  await t.dispose()
  const march = path.join(t.root, '2025-03')
  sidecarFile = path.join(march, (await readdir(march)).find((f) => f.endsWith('.json'))!)
  app = await startWebApp({ dataDir: path.join(dir, 'data'), libraryDir: t.root })
  const token = new URL(app.url).hash.replace('#token=', '')
  ws = new WebSocket(`${app.origin.replace('http', 'ws')}/rpc?token=${token}`, { origin: app.origin })
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
})
afterAll(async () => {
  ws?.close()
  await app?.stop()
  await cleanup?.()
})

let nextId = 0
function call<T>(method: string, input?: unknown): Promise<T> {
  const id = ++nextId
  return new Promise((resolve, reject) => {
    const onMessage = (data: WebSocket.RawData): void => {
      const reply = JSON.parse(data.toString()) as { id?: number; ok: boolean; data: T; error: unknown }
      if (reply.id !== id) return
      ws.off('message', onMessage)
      if (reply.ok) resolve(reply.data)
      else reject(new Error(JSON.stringify(reply.error)))
    }
    ws.on('message', onMessage)
    ws.send(JSON.stringify({ id, method, input }))
  })
}

describe('the focus re-check from the web-mode bundle', () => {
  it('finds a sidecar edited in place on its own thread and reads only that folder again', async () => {
    // The first start builds the index from the sidecars; the page waits for it.
    expect((await call<{ total: number }>('library.list', {})).total).toBe(2)
    const folder = await stat(path.dirname(sidecarFile))
    await writeFile(sidecarFile, JSON.stringify({ ...JSON.parse(await readFile(sidecarFile, 'utf8')), tags: ['hero'] }))
    await utimes(path.dirname(sidecarFile), folder.atime, folder.mtime)
    await call('library.rescan')
    expect((await call<{ items: Array<{ id: string }> }>('library.list', { tags: ['hero'] })).items.map((i) => i.id)).toEqual(['m1-0'])
    const log = (await call<LogLine[]>('app.recentLog', { limit: 500 })).map((line) => line.message).join('\n')
    // The library folder, 2025-01 and 2025-03; had the thread failed, all three would be read here.
    expect(log).toContain('0 added, 1 changed, 0 gone (1 of 3 folders compared)')
    expect(log).not.toContain('could not run on its own thread')
  })
})
