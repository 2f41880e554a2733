import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { emptyStats, noState, type SandboxContext, type SandboxStats } from './context'
import { FaultBook, type FaultControl } from './faults'
import { IdempotencyBook } from './idempotency'
import { resolveOptions, type SandboxLogger, type SandboxOptions } from './options'
import { StateFolder } from './persist/state'
import { snapshotOf } from './records'
import { Renderer } from './render'
import { createRequestHandler } from './server'
import { UrlSigner } from './signed-urls'
import { TaskBook, type TaskSnapshot } from './tasks'

export interface Sandbox {
  /** `http://127.0.0.1:<port>`: the service base URL (§4.1 `{base_url}`). */
  readonly baseUrl: string
  readonly apiKey: string
  readonly port: number
  /** Where rendered results are written (`<stateDir>/results` with a state folder). */
  readonly dataDir: string
  /** The state folder (options.stateDir, absolute), kept on close; undefined without one. */
  readonly stateDir: string | undefined
  readonly faults: FaultControl
  tasks(): ReadonlyArray<TaskSnapshot>
  stats(): SandboxStats
  close(): Promise<void>
}

export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const resolved = resolveOptions(options)
  const log = resolved.logger
  const folder = resolved.stateDir === undefined ? undefined : await StateFolder.open(resolved.stateDir, resolved)
  // The key the Sandbox made itself comes back from the folder; a key passed in wins, unsaved.
  if (options.apiKey === undefined && folder?.savedApiKey) resolved.apiKey = folder.savedApiKey
  const ownDir = resolved.dataDir === undefined && !folder
  const dataDir = folder?.resultsDir ?? resolved.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'reelbox-sandbox-')))
  await mkdir(dataDir, { recursive: true })

  const rendering = new Set<Promise<void>>()
  const renderer = new Renderer({ dir: dataDir, longSide: resolved.render.longSide, fps: resolved.render.fps, warn: log.warn.bind(log) })
  const ctx: SandboxContext = {
    options: resolved,
    baseUrl: '',
    tasks: new TaskBook(resolved.now),
    faults: new FaultBook(resolved.faults),
    idempotency: new IdempotencyBook(),
    signer: new UrlSigner(resolved.urlTtlMs, resolved.now, folder?.savedUrlSecret),
    renderer,
    files: new Map(),
    stats: emptyStats(),
    state: noState,
    renderFor(task, job) {
      const done = renderer.render(job).then(
        (file) => {
          if (!ctx.files.has(file.id)) ctx.files.set(file.id, { file, generation: 0 })
          task.result = file
          ctx.state.changed()
        },
        (error: unknown) => {
          // Stopped by close (its results go with the Sandbox): not a failure of the task.
          if (renderer.stopped) return
          task.renderError = error instanceof Error ? error.message : String(error)
          log.warn('sandbox.renderFailed', { task: task.taskId, reason: task.renderError })
          ctx.state.changed()
        },
      )
      rendering.add(done)
      void done.finally(() => rendering.delete(done))
      return done
    },
  }
  if (folder) ctx.state = await folder.attach(ctx, options.apiKey === undefined ? resolved.apiKey : folder.savedApiKey)
  const stats = (): SandboxStats => ({ ...structuredClone(ctx.stats), renders: renderer.renders, stateWrites: folder?.writes ?? 0 })
  const server = createServer(createRequestHandler(ctx, stats))
  let port: number
  try {
    // Jobs keep result URLs with the old port: come back on it when it is free (and not overridden).
    const saved = options.port === undefined ? folder?.savedPort : undefined
    port = saved === undefined ? await listen(server, resolved.port) : await listenOr(server, saved, log)
  } catch (error) {
    if (ownDir) await rm(dataDir, { recursive: true, force: true })
    await Promise.allSettled([...rendering])
    throw error
  }
  ctx.baseUrl = `http://127.0.0.1:${port}`
  try {
    // The key, secret and port are on disk before anyone is told them.
    await folder?.listening(port)
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await Promise.allSettled([...rendering])
    throw error
  }
  log.info('sandbox.listening', { url: ctx.baseUrl, validation: resolved.validation, count: resolved.catalog.models.length })

  let closed: Promise<void> | undefined
  return {
    baseUrl: ctx.baseUrl,
    apiKey: resolved.apiKey,
    port,
    dataDir,
    stateDir: folder?.dir,
    faults: ctx.faults,
    tasks: () => ctx.tasks.all().map((task) => snapshotOf(ctx, task)),
    stats,
    close: () =>
      (closed ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          server.closeAllConnections()
        })
        // Results that go with the Sandbox's own folder are not worth waiting for (a thousand
        // queued renders would hold the close for minutes); kept ones are finished first.
        if (ownDir) renderer.stop()
        // Let renders under way finish writing (or stop) before their folder goes or their state is saved.
        await Promise.allSettled([...rendering])
        await folder?.close()
        if (ownDir) await rm(dataDir, { recursive: true, force: true })
      })()),
  }
}

/** The saved port, or a free one when it is taken now. */
async function listenOr(server: Server, port: number, log: SandboxLogger): Promise<number> {
  try {
    return await listen(server, port)
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code !== 'EADDRINUSE' && code !== 'EACCES') throw error
    const other = await listen(server, 0)
    log.warn('sandbox.portTaken', { port, other })
    return other
  }
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}
