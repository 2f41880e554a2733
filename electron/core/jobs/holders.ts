import { readFile } from 'node:fs/promises'

/**
 * Who holds a job (see leases.ts): a process named so that no other process is ever taken for it,
 * not one that got its pid after it died, nor one after a reboot. On Linux that is the pid plus
 * the process's start time and the boot's id; elsewhere only the pid can be checked, and leases
 * fall back to a heartbeat.
 */
export interface Holder {
  pid: number
  /** Linux: when the process started (`/proc/<pid>/stat` field 22, clock ticks since boot). */
  start?: string
  /** Linux: which boot the process ran in (`/proc/sys/kernel/random/boot_id`). */
  boot?: string
}

/**
 * - alive: that very process is running;
 * - dead: it is gone, a zombie, or its pid now names another process;
 * - unsure: some process has the pid and the platform cannot say which (a lease then counts as
 *   held while its holder keeps refreshing it).
 */
export type Liveness = 'alive' | 'dead' | 'unsure'

export interface ProcessTable {
  self(): Promise<Holder>
  check(holder: Holder): Promise<Liveness>
}

export const sameHolder = (a: Holder, b: Holder): boolean => a.pid === b.pid && a.start === b.start && a.boot === b.boot

/** Whether any process has this pid. EPERM: another user's process, which exists. */
export function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Any platform: only whether the pid is taken. A pid held by another user's process (EPERM) is
 * never one of our engines, which all run as the designer.
 */
export const portableProcesses: ProcessTable = {
  self: async () => ({ pid: process.pid }),
  check: async (holder) => {
    try {
      process.kill(holder.pid, 0)
      return 'unsure'
    } catch {
      return 'dead'
    }
  },
}

interface ProcStat {
  state: string
  start: string
}

async function procStat(pid: number | 'self'): Promise<ProcStat | undefined> {
  const text = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined)
  if (!text) return undefined
  // Field 2, the command name, is in parentheses and may itself hold spaces and ")": the fields
  // after the last ")" are field 3 (state) onwards, so field 22 (start time) is the 20th of them.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
  return fields[0] && fields[19] ? { state: fields[0], start: fields[19] } : undefined
}

/** Z: a zombie (killed, not yet reaped by its parent); X/x: dying. Neither will work a job again. */
const GONE_STATES = new Set(['Z', 'X', 'x'])

/** Linux, through /proc: exact answers, so a dead holder's jobs are taken over at once. */
function linuxProcesses(boot: string, self: ProcStat): ProcessTable {
  const me: Holder = { pid: process.pid, start: self.start, boot }
  return {
    self: async () => me,
    async check(holder) {
      if (holder.start === undefined) return portableProcesses.check(holder)
      if (holder.boot !== undefined && holder.boot !== boot) return 'dead'
      const now = await procStat(holder.pid)
      if (!now || GONE_STATES.has(now.state) || now.start !== holder.start) return 'dead'
      return 'alive'
    },
  }
}

/** The table for this machine: /proc where there is one, else the portable one. */
export async function localProcesses(): Promise<ProcessTable> {
  const [self, boot] = await Promise.all([
    procStat('self'),
    readFile('/proc/sys/kernel/random/boot_id', 'utf8').then(
      (text) => text.trim(),
      () => undefined,
    ),
  ])
  return self && boot ? linuxProcesses(boot, self) : portableProcesses
}
