/**
 * The Sandbox's state folder (electron/sandbox/persist), each against a baseline run side by side:
 *   (a) start on a folder holding 1,000 saved tasks (read, validate, restore, listen, save) vs the
 *       bare I/O any restart pays: read + JSON.parse + atomic write-back of the same file — ≤ 5×;
 *   (b) 1,000 concurrent submits with a state folder (each answered only once on disk) vs the same
 *       burst without one — target ≤ 2×; the note says how many state writes the burst cost;
 *   (c) 200 submits one after another (each waits for its own write) vs without — no target, the
 *       price of "on disk before the answer" when nothing can be batched.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Sandbox, SandboxOptions } from '../electron/sandbox'
import { writeAtomic } from '../electron/sandbox/persist/atomic'
import { dataUrl, png, startTestSandbox, submit } from '../tests/sandbox/support'
import { medianMs, report } from './support/report'

const TASKS = 1000
const dirs: string[] = []
const newDir = async (): Promise<string> => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reelbox-bench-sandbox-'))
  dirs.push(dir)
  return dir
}
/** The tests' Sandbox, its tasks left pending: this measures the state folder, not renders. */
const start = (options: Partial<SandboxOptions>): Promise<Sandbox> => startTestSandbox({ timing: { pendingMs: 60_000, runningMs: 60_000 }, immediateModels: [], ...options })

const picture = dataUrl(await png(320, 180))
const bodyOf = (n: number): unknown => (n % 4 === 0 ? { model: 'alpha-1', _action: 'i2v', image: picture } : { model: 'alpha-1', _action: 't2v', prompt: 'one of a thousand', duration: 2 })

async function burst(sandbox: Sandbox, count: number): Promise<void> {
  const answers = await Promise.all(Array.from({ length: count }, (_, n) => submit(sandbox, bodyOf(n), { 'Idempotency-Key': `k${n}` })))
  if (answers.some((a) => a.status !== 200)) throw new Error('a submit was refused')
}

try {
  // (a) a folder with 1,000 tasks, some keyed, their results rendered (two distinct videos).
  const full = await newDir()
  const seeded = await start({ stateDir: full })
  await burst(seeded, TASKS)
  await seeded.close()
  const stateFile = path.join(full, 'state.json')
  const size = (await stat(stateFile)).size
  const reload = await medianMs(async () => (await start({ stateDir: full })).close())
  const bare = await medianMs(async () => writeAtomic(path.join(full, 'copy.json'), JSON.stringify(JSON.parse(await readFile(stateFile, 'utf8')))))
  report({ name: `sandbox: restart with ${TASKS} saved tasks (${Math.round(size / 1024)} KB state)`, value: reload, unit: 'ms', baseline: { name: 'read + parse + atomic write-back', value: bare }, target: 5 })

  // (b) a concurrent burst, with and without a state folder.
  let writes = 0
  const persisted = await medianMs(async () => {
    const sandbox = await start({ stateDir: await newDir() })
    const before = sandbox.stats().stateWrites
    await burst(sandbox, TASKS)
    writes = sandbox.stats().stateWrites - before
    await sandbox.close()
  }, 3)
  console.log(`${TASKS} concurrent submits cost ${writes} state writes`)
  const memory = await medianMs(async () => {
    const sandbox = await start({})
    await burst(sandbox, TASKS)
    await sandbox.close()
  }, 3)
  report({ name: `sandbox: ${TASKS} concurrent submits, state folder`, value: persisted, unit: 'ms', baseline: { name: 'no state folder', value: memory }, target: 2, note: `${writes} state writes for ${TASKS} submits` })

  // (c) one after another: every submit pays for its own atomic write.
  const sequential = async (options: Partial<SandboxOptions>): Promise<void> => {
    const sandbox = await start(options)
    for (let n = 0; n < 200; n++) await submit(sandbox, bodyOf(n))
    await sandbox.close()
  }
  const oneByOne = await medianMs(async () => sequential({ stateDir: await newDir() }), 3)
  const oneByOneMemory = await medianMs(async () => sequential({}), 3)
  report({ name: 'sandbox: 200 submits one after another, state folder', value: oneByOne, unit: 'ms', baseline: { name: 'no state folder', value: oneByOneMemory } })
} finally {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
}
