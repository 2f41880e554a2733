import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startWebServer, type WebServer } from '../../electron/web/server'
import { startTestCore, type TestCore } from '../support/core'
import { useTempDir } from '../support/temp'
import { waitingRouter } from '../support/waiting-router'

let t: TestCore
let server: WebServer

beforeAll(async () => {
  t = await startTestCore()
  const rendererDir = await useTempDir('reelbox-renderer-')
  await writeFile(path.join(rendererDir, 'index.html'), '<html><head></head><body>hi</body></html>')
  server = await startWebServer({ core: t.core, rendererDir })
})
afterAll(async () => {
  await server.close()
  await t.dispose()
})

/** Opens a socket and resolves with the HTTP status of a refused upgrade, or the open socket. */
function open(query: string, origin: string | undefined, to: WebServer = server): Promise<{ status: number; ws?: WebSocket }> {
  const url = `${to.origin.replace('http', 'ws')}/rpc${query}`
  const ws = new WebSocket(url, origin === undefined ? {} : { origin })
  return new Promise((resolve) => {
    ws.once('open', () => resolve({ status: 101, ws }))
    ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }))
    ws.once('error', () => resolve({ status: 0 }))
  })
}

describe('web-mode WebSocket', () => {
  it('listens on 127.0.0.1 only', () => {
    expect(new URL(server.origin).hostname).toBe('127.0.0.1')
    expect(server.url).toContain(`#token=${server.token}`)
  })

  it('refuses a missing or wrong token', async () => {
    expect((await open('', server.origin)).status).toBe(401)
    expect((await open('?token=nope', server.origin)).status).toBe(401)
    // One character off (never the same one: a random token ends in "x" one time in 64).
    const offByOne = `${server.token.slice(0, -1)}${server.token.endsWith('x') ? 'y' : 'x'}`
    expect((await open(`?token=${offByOne}`, server.origin)).status).toBe(401)
  })

  it('answers /alive: 204 to this engine’s token, 401 to another (a tab from before a restart with a new one)', async () => {
    expect((await fetch(`${server.origin}/alive?token=${server.token}`)).status).toBe(204)
    expect((await fetch(`${server.origin}/alive?token=old-token`)).status).toBe(401)
    expect((await fetch(`${server.origin}/alive`)).status).toBe(401)
    expect((await fetch(`${server.origin}/alive?token=${server.token}`, { headers: { origin: 'https://evil.example' } })).status).toBe(403)
  })

  it('refuses a foreign Origin and a missing Origin, even with the token', async () => {
    expect((await open(`?token=${server.token}`, 'https://evil.example')).status).toBe(403)
    expect((await open(`?token=${server.token}`, 'http://localhost:1234')).status).toBe(403)
    expect((await open(`?token=${server.token}`, undefined)).status).toBe(403)
  })

  it('lets our page call procedures and hear events, with errors as data', async () => {
    const { status, ws } = await open(`?token=${server.token}`, server.origin)
    expect(status).toBe(101)
    const messages: unknown[] = []
    // Two answers and the log event: wait for the third message, not on a clock.
    const three = new Promise<void>((resolve) =>
      ws!.on('message', (data) => {
        messages.push(JSON.parse(data.toString()))
        if (messages.length >= 3) resolve()
      }),
    )
    ws!.send(JSON.stringify({ id: 1, method: 'app.info' }))
    ws!.send(JSON.stringify({ id: 2, method: 'app.recentLog', input: { limit: -1 } }))
    t.core.log.info('service.reachable')
    await three
    expect(messages).toContainEqual(expect.objectContaining({ id: 1, ok: true, data: expect.objectContaining({ shell: 'cli' }) }))
    expect(messages).toContainEqual(expect.objectContaining({ id: 2, ok: false, error: expect.objectContaining({ code: 'INVALID_INPUT' }) }))
    expect(messages).toContainEqual({ event: 'engine.log', payload: expect.objectContaining({ code: 'service.reachable', message: 'The service is reachable.' }) })
    ws!.close()
  })

  it('serves the page with the web-mode CSP', async () => {
    const html = await (await fetch(`${server.origin}/library`)).text()
    expect(html).toContain("media-src 'self'")
    expect(html).toContain("script-src 'self';")
  })
})

describe('web-mode cancellation, on the same socket', () => {
  it("a cancel frame aborts that call's handler and it answers CANCELLED; a socket that closes cancels what it still had running", async () => {
    const waiting = waitingRouter(t.core.log)
    const rendererDir = await useTempDir('reelbox-renderer-')
    await writeFile(path.join(rendererDir, 'index.html'), '<html><head></head><body>hi</body></html>')
    const other = await startWebServer({ core: { ...t.core, router: waiting.router }, rendererDir })
    try {
      const { ws } = await open(`?token=${other.token}`, other.origin, other)
      const answers: unknown[] = []
      const answered = new Promise<void>((resolve) =>
        ws!.on('message', (data) => {
          const message = JSON.parse(data.toString()) as { id?: number }
          if (message.id !== undefined && answers.push(message)) resolve()
        }),
      )
      let started = waiting.whenStarted()
      ws!.send(JSON.stringify({ id: 5, method: 'library.list', input: { offset: 1 } }))
      await started
      ws!.send(JSON.stringify({ id: 5, cancel: true }))
      await answered
      expect(answers).toEqual([{ id: 5, ok: false, error: expect.objectContaining({ code: 'CANCELLED', message: 'The call library.list was cancelled by its caller.' }) }])
      expect(waiting.seen).toEqual([{ offset: 1, aborted: true, reason: expect.objectContaining({ name: 'AbortError' }) }])

      started = waiting.whenStarted()
      ws!.send(JSON.stringify({ id: 6, method: 'library.list', input: { offset: 2 } }))
      await started
      const ended = waiting.whenEnded()
      ws!.close()
      expect(await ended).toMatchObject({ offset: 2, aborted: true })
    } finally {
      await other.close()
    }
  })
})
