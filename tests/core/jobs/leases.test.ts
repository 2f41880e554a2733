import { spawn } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { localProcesses, portableProcesses, type Holder, type Liveness, type ProcessTable } from '../../../electron/core/jobs/holders'
import { createLeases } from '../../../electron/core/jobs/leases'
import { systemClock } from '../../../electron/core/ports'
import { spawnTsx, type TsxChild } from '../../support/child'
import { useTempDir } from '../../support/temp'

/**
 * Job ownership between real processes (issue 9 item 2): of any number of engines that judge a
 * holder dead at the same instant exactly one takes over; a live holder keeps its jobs however
 * often others ask; a holder that was killed, or whose pid now names another process, is gone.
 * Where a platform cannot tell a reused pid (macOS, Windows), a holder keeps its lease by
 * touching it, and loses it when it stops.
 */
let dir: string
beforeEach(async () => void (dir = await useTempDir('reelbox-leases-')))

const contender = (mode?: 'portable'): TsxChild => spawnTsx('tests/core/jobs/support/lease-child.ts', { args: mode ? [dir, mode] : [dir] })
const signal = (child: TsxChild, name: NodeJS.Signals): void => void process.kill(child.pid!, name)

/** The n-th attempt of each contender, once they have all answered. */
async function round(children: TsxChild[], n: number): Promise<string[]> {
  for (const child of children) signal(child, 'SIGUSR1')
  return Promise.all(children.map((child) => child.waitForLine((line) => line.endsWith(` ${n}`))))
}

/** This boot's name for a process that ran and has ended (reaped), as an engine that died would be. */
async function deadEngine(): Promise<Holder> {
  const child = spawn('sleep', ['30'])
  const stat = await readFile(`/proc/${child.pid}/stat`, 'utf8')
  const holder: Holder = { pid: child.pid!, start: stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19], boot: (await (await localProcesses()).self()).boot }
  await new Promise((resolve) => child.once('exit', resolve).kill('SIGKILL'))
  return holder
}

async function leftBy(id: string, holder: Holder): Promise<void> {
  await mkdir(path.join(dir, id), { recursive: true })
  await writeFile(path.join(dir, id, '1.json'), JSON.stringify(holder))
}

describe('job leases between processes', () => {
  it('of five engines taking over a dead engine’s job at the same instant, exactly one wins (ten times)', async () => {
    const children = Array.from({ length: 5 }, () => contender())
    await Promise.all(children.map((child) => child.waitForLine((line) => line === 'ready')))
    const dead = await deadEngine()
    for (let n = 1; n <= 10; n++) {
      await leftBy(`job-${n}`, dead)
      const answers = await round(children, n)
      expect(answers.filter((answer) => answer.startsWith('won')), `round ${n}`).toHaveLength(1)
    }
    await Promise.all(children.map((child) => child.kill()))
  }, 60_000)

  it('a live holder keeps its job however often others ask; once killed, the job is taken at once', async () => {
    const [holder, rival] = [contender(), contender()]
    await Promise.all([holder, rival].map((child) => child.waitForLine((line) => line === 'ready')))
    expect(await round([holder], 1)).toEqual(['won 1'])
    const here = createLeases(dir, { clock: systemClock })
    for (let i = 0; i < 20; i++) expect(await here.acquire('job-1')).toBe(false)
    expect(await here.holder('job-1')).toBe(holder.pid)
    expect(await round([rival], 1)).toEqual(['lost 1'])
    await holder.kill('SIGKILL')
    expect(await here.acquire('job-1')).toBe(true)
    await rival.kill()
  })

  it('a lease whose pid now names another live process (pid 1) is taken over', async () => {
    const dead = await deadEngine()
    await leftBy('job-1', { ...dead, pid: 1 })
    const here = createLeases(dir, { clock: systemClock })
    expect(await here.holder('job-1')).toBeUndefined()
    expect(await here.acquire('job-1')).toBe(true)
  })

  it('an engine that judged a holder dead long ago, while others took the job and moved on, does not take it', async () => {
    // Three engines in this process, each with its own name (a fake of our own ProcessTable
    // port): the slow one is held inside its judgement of the dead holder while the others act.
    let judged: ((answer: Liveness) => void) | undefined
    const truth: ProcessTable['check'] = async (holder) => (holder.pid === 999 ? 'dead' : 'alive')
    const engine = (pid: number, check = truth) => createLeases(dir, { clock: systemClock, processes: { self: async () => ({ pid, start: `${pid}`, boot: 'b' }), check } })
    const slow = engine(101, (holder) => (judged ? truth(holder) : new Promise<Liveness>((resolve) => (judged = resolve))))
    const [quick, late] = [engine(102), engine(103)]
    await leftBy('job-1', { pid: 999, start: '999', boot: 'b' })
    const slowly = slow.acquire('job-1')
    await vi.waitFor(() => expect(judged).toBeDefined())
    expect(await quick.acquire('job-1')).toBe(true) // record 2, record 1 tidied away
    await quick.release('job-1') // record 3: free, record 2 tidied away
    expect(await late.acquire('job-1')).toBe(true) // record 4
    judged!('dead') // the slow engine now makes record 2, which is free again, and must see record 4
    expect(await slowly).toBe(false)
    expect(await quick.holder('job-1')).toBe(103)
  })

  it('where only pids can be checked, a holder keeps its lease while it touches it, and loses it when it stops', async () => {
    const holder = contender('portable')
    await holder.waitForLine((line) => line === 'ready')
    expect(await round([holder], 1)).toEqual(['won 1'])
    const here = createLeases(dir, { clock: systemClock, processes: portableProcesses, staleMs: 400 })
    // Time is what is under test: well past the 400 ms a silent holder would last, it still holds.
    for (let i = 0; i < 8; i++) {
      expect(await here.acquire('job-1')).toBe(false)
      await delay(100)
    }
    // Stopped, its pid still taken (as a zombie's, or another program's after a reboot), it falls silent.
    signal(holder, 'SIGSTOP')
    await vi.waitFor(async () => expect(await here.acquire('job-1')).toBe(true), { timeout: 5_000, interval: 50 })
    signal(holder, 'SIGCONT')
    await holder.kill()
  })
})
