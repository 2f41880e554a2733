/**
 * The Library grid in headless Chromium (issue 6 item 9), each against a baseline in the same run:
 *   (a) scrolling 100,000 items vs 1,000: DOM elements and main-thread script time per frame
 *       (CDP Performance.getMetrics around a scripted scroll, one step per animation frame) — ≤ 1.1×;
 *   (b) first grid paint with a cached 10,000-item index vs the same screen of an empty library —
 *       ≤ 2×;
 *   (c) the renderer's initial JavaScript, gzipped, against a 250 KB budget.
 * The engine runs in this process (web mode's server over loopback); the renderer is the built
 * one (`electron-vite build` runs first).
 */
import { spawnSync } from 'node:child_process'
import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { CDPSession, Page } from 'playwright-core'
import { createCore } from '../electron/core'
import { startWebServer, type WebServer } from '../electron/web/server'
import { launchBrowser } from '../tests/e2e/support/browser'
import { emptyLibrary, gridLibrary, type GridLibrary } from './grid-seed'
import { median, report } from './support/report'

const RUNS = 9
const FRAMES = 400
const STEP_PX = 100
const root = path.resolve(import.meta.dirname, '..')

interface App {
  items: number
  server: WebServer
  close(): Promise<void>
}

async function serve(lib: GridLibrary): Promise<App> {
  const core = await createCore({
    host: { shell: 'web', version: 'bench', runtime: `Node ${process.versions.node}` },
    paths: { data: lib.data, library: lib.library },
    heartbeatMs: 0,
    connectionCheckMs: 0,
  })
  await core.call('settings.update', { firstRunDone: true })
  // Measure the page, not the engine's background check of the folder.
  await core.library.validated()
  const server = await startWebServer({ core, rendererDir: path.join(root, 'out/renderer') })
  return { items: core.library.info().items, server, close: async () => (await server.close(), await core.dispose()) }
}

/** The tab takes the run's token once; later loads of `#/library` reuse it (sessionStorage). */
async function openTab(page: Page, app: App): Promise<void> {
  await page.goto(app.server.url)
  await page.waitForFunction(() => document.querySelector('.status.open') !== null)
}

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> }
  return Object.fromEntries(list.map((m) => [m.name, m.value]))
}

// In-page code as strings: the bench is compiled by tsx, whose helpers do not exist in the page.
const SCROLL = `(async ({ frames, step, at }) => {
  const grid = document.querySelector('[data-testid=library-grid]')
  const start = Math.round(grid.scrollHeight * at)
  grid.scrollTop = start
  // Start once the rows in view are loaded (a jump into 100,000 items shows skeletons first).
  do await new Promise((r) => requestAnimationFrame(r))
  while (document.querySelector('[data-testid=library-tile][aria-busy=true]'))
  let maxNodes = 0, sumNodes = 0
  for (let i = 0; i < frames; i++) {
    await new Promise((r) => requestAnimationFrame(r))
    grid.scrollTop += step
    const nodes = document.getElementsByTagName('*').length
    maxNodes = Math.max(maxNodes, nodes)
    sumNodes += nodes
  }
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
  return { maxNodes, meanNodes: sumNodes / frames, moved: grid.scrollTop - start }
})`

let loads = 0

/** A full page load of the Library screen (a new query string: not a same-document hash change). */
async function loadLibrary(page: Page, app: App): Promise<void> {
  await page.goto(`${app.server.origin}/?run=${++loads}#/library`)
}

/** One scripted scroll of FRAMES frames from `at` (a fraction of the height); CDP times per frame. */
async function scrollOnce(page: Page, cdp: CDPSession, app: App, at: number): Promise<{ scriptMs: number; taskMs: number; nodes: number }> {
  await loadLibrary(page, app)
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=library-tile][aria-busy=false]').length > 0)
  // A collection now rather than in the middle of the measured frames.
  await cdp.send('HeapProfiler.collectGarbage')
  const before = await metrics(cdp)
  const result = (await page.evaluate(`${SCROLL}(${JSON.stringify({ frames: FRAMES, step: STEP_PX, at })})`)) as { maxNodes: number; meanNodes: number; moved: number }
  const after = await metrics(cdp)
  if (result.moved < FRAMES * STEP_PX * 0.95) throw new Error(`the grid scrolled only ${result.moved} px`)
  const per = (name: string): number => (((after[name] ?? 0) - (before[name] ?? 0)) * 1000) / FRAMES
  process.stdout.write(`${app.items.toLocaleString('en')} items: per frame script ${per('ScriptDuration').toFixed(2)} ms, style ${per('RecalcStyleDuration').toFixed(2)} ms, layout ${per('LayoutDuration').toFixed(2)} ms, all tasks ${per('TaskDuration').toFixed(2)} ms; ${result.maxNodes} elements\n`)
  return { scriptMs: per('ScriptDuration'), taskMs: per('TaskDuration'), nodes: result.maxNodes }
}

async function scrollBench(page: Page, cdp: CDPSession): Promise<void> {
  const small = await serve(await gridLibrary(1_000))
  const big = await serve(await gridLibrary(100_000))
  try {
    const runs = { small: [] as Array<Awaited<ReturnType<typeof scrollOnce>>>, big: [] as Array<Awaited<ReturnType<typeof scrollOnce>>> }
    await openTab(page, small)
    await openTab(page, big)
    for (let run = 0; run < RUNS + 1; run++) {
      const s = await scrollOnce(page, cdp, small, 0)
      // The middle of 100,000 items: pages are fetched by offset there as rows come into view.
      const b = await scrollOnce(page, cdp, big, 0.5)
      if (run > 0) {
        runs.small.push(s)
        runs.big.push(b)
      }
    }
    const m = (list: typeof runs.small, key: 'scriptMs' | 'taskMs' | 'nodes'): number => median(list.map((r) => r[key]))
    const note = `${FRAMES} frames × ${STEP_PX} px, median of ${RUNS}`
    report({ name: 'grid: DOM elements while scrolling 100,000 items', value: m(runs.big, 'nodes'), unit: 'elements', baseline: { name: '1,000 items', value: m(runs.small, 'nodes') }, target: 1.1 })
    report({ name: 'grid: script time per frame, scrolling 100,000 items', value: m(runs.big, 'scriptMs'), unit: 'ms', baseline: { name: '1,000 items', value: m(runs.small, 'scriptMs') }, target: 1.1, note })
    report({ name: 'grid: main-thread task time per frame, scrolling 100,000 items', value: m(runs.big, 'taskMs'), unit: 'ms', baseline: { name: '1,000 items', value: m(runs.small, 'taskMs') }, note: 'script + style + layout + paint' })
  } finally {
    await small.close()
    await big.close()
  }
}

// Set before the app's code runs: when the first real tile (or the empty state) is on screen.
const FIRST_PAINT = `(() => {
  const mark = (selector) => new MutationObserver((_, observer) => {
    if (!document.querySelector(selector)) return
    observer.disconnect()
    requestAnimationFrame(() => setTimeout(() => (window.__gridPaint = performance.now())))
  }).observe(document, { childList: true, subtree: true, attributes: true })
  mark('[data-testid=library-tile][aria-busy=false], [data-testid=library-empty]')
})()`

async function firstPaint(page: Page, app: App): Promise<number> {
  await loadLibrary(page, app)
  await page.waitForFunction(() => typeof (window as unknown as { __gridPaint?: number }).__gridPaint === 'number')
  return (await page.evaluate(() => (window as unknown as { __gridPaint: number }).__gridPaint)) as number
}

async function paintBench(page: Page): Promise<void> {
  const empty = await emptyLibrary()
  const emptyApp = await serve(empty)
  const fullApp = await serve(await gridLibrary(10_000))
  await page.addInitScript(FIRST_PAINT)
  await openTab(page, emptyApp)
  await openTab(page, fullApp)
  try {
    const base: number[] = []
    const full: number[] = []
    for (let run = 0; run < RUNS * 2 + 1; run++) {
      const e = await firstPaint(page, emptyApp)
      const f = await firstPaint(page, fullApp)
      if (run > 0) {
        base.push(e)
        full.push(f)
      }
    }
    report({
      name: 'grid: first paint of the library, cached 10,000-item index',
      value: median(full),
      unit: 'ms',
      baseline: { name: 'empty library', value: median(base) },
      target: 2,
      note: 'from navigation start to the first tile (or the empty state) painted',
    })
  } finally {
    await emptyApp.close()
    await fullApp.close()
    await rm(empty.root, { recursive: true, force: true })
  }
}

/** The script the page loads before anything runs: the entry module and what it preloads. */
async function initialJs(): Promise<{ raw: number; gzip: number; files: number }> {
  const html = await readFile(path.join(root, 'out/renderer/index.html'), 'utf8')
  const files = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\.?\/?([^"]+\.js)"/g)].map((m) => m[1] as string)
  let raw = 0
  let gzip = 0
  for (const file of new Set(files)) {
    const bytes = await readFile(path.join(root, 'out/renderer', file))
    raw += bytes.length
    gzip += gzipSync(bytes, { level: 9 }).length
  }
  return { raw, gzip, files: files.length }
}

async function main(): Promise<void> {
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], { cwd: root, encoding: 'utf8' })
  if (build.status !== 0) throw new Error(`electron-vite build failed:\n${build.stderr}${build.stdout}`)
  const js = await initialJs()
  report({
    name: 'renderer: initial JavaScript (gzip)',
    value: js.gzip / 1024,
    unit: 'KB',
    baseline: { name: 'budget', value: 250 },
    target: 1,
    note: `${js.files} file(s), ${Math.round(js.raw / 1024)} KB before compression`,
  })
  const browser = await launchBrowser()
  try {
    const page = await browser.browser.newPage()
    const cdp = await browser.browser.newCDPSession(page)
    await cdp.send('Performance.enable')
    await scrollBench(page, cdp)
    await paintBench(page)
  } finally {
    await browser.close()
  }
}

await main()
