/**
 * One process contending for job leases (leases.test.ts). It prints "ready", then on every
 * SIGUSR1 tries to take the lease of the next job (`job-1`, `job-2`, …) and prints "won N" or
 * "lost N", keeping what it won for as long as it lives.
 *
 * argv: <leases folder> [portable]   portable: judge holders by pid and heartbeat only (as on
 *                                     macOS and Windows), beating every 50 ms
 */
import { portableProcesses } from '../../../../electron/core/jobs/holders'
import { createLeases } from '../../../../electron/core/jobs/leases'
import { systemClock } from '../../../../electron/core/ports'

const [dir, mode] = process.argv.slice(2)
const leases = createLeases(dir!, { clock: systemClock, processes: mode === 'portable' ? portableProcesses : undefined, beatMs: 50, staleMs: 400 })
const say = (line: string): void => void process.stdout.write(`${line}\n`)

let round = 0
process.on('SIGUSR1', () => {
  const n = ++round
  void leases.acquire(`job-${n}`).then((won) => say(`${won ? 'won' : 'lost'} ${n}`))
})
say('ready')
// Alive until killed: its leases are held for as long as it runs.
setInterval(() => undefined, 1 << 30)
