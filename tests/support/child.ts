import { spawn } from 'node:child_process'
import { afterAll } from 'vitest'
import { WORK_MS } from '../e2e/support/waits'

/**
 * A TypeScript child process (node --import tsx) for the crash tests: it narrates on stdout, a
 * test waits for the line it wants (an event, never a poll) and kills it there. Import this only
 * from test files: it registers a hook that SIGKILLs any child a failed test left running.
 */
export interface ChildExit {
  code: number | null
  signal: NodeJS.Signals | null
}

export interface TsxChild {
  readonly pid: number | undefined
  /** Every stdout line so far, in order. */
  readonly lines: readonly string[]
  /**
   * The first line, already printed or still to come, for which `pred` holds. Rejects, with the
   * last lines printed, when the child ends first or after `timeoutMs`.
   */
  waitForLine(pred: (line: string) => boolean, timeoutMs?: number): Promise<string>
  /** Sends `signal` (unless the child has ended) and resolves once it has. */
  kill(signal?: NodeJS.Signals): Promise<ChildExit>
  /** Resolves when the child has ended and all its output has been read. */
  readonly exited: Promise<ChildExit>
}

const running = new Set<TsxChild>()
afterAll(async () => {
  await Promise.all([...running].map((child) => child.kill('SIGKILL')))
})

/** `execArgv`: Node's own flags (default `--import tsx`; none for a built JavaScript file such as bin/reelbox.mjs). */
export function spawnTsx(file: string, options: { args?: readonly string[]; env?: Record<string, string>; execArgv?: readonly string[] } = {}): TsxChild {
  return spawnChild(process.execPath, [...(options.execArgv ?? ['--import', 'tsx']), file, ...(options.args ?? [])], options.env)
}

/** Any program, narrated the same way (e.g. `sh -c` around an engine, to leave it a zombie). */
export function spawnChild(command: string, args: readonly string[], env: Record<string, string> = {}): TsxChild {
  const file = `${command} ${args.join(' ')}`.slice(0, 120)
  const proc = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const lines: string[] = []
  const listeners = new Set<{ line(line: string): void; end(exit: ChildExit): void }>()
  let ended: ChildExit | undefined
  const tail = (): string => lines.slice(-5).join('\n  ') || '(nothing)'

  // 'close', not 'exit': by then stdout has been read to its end, so `lines` is complete.
  const exited = new Promise<ChildExit>((resolve) => {
    const finish = (exit: ChildExit): void => {
      if (ended) return
      ended = exit
      running.delete(child)
      for (const listener of [...listeners]) listener.end(exit)
      resolve(exit)
    }
    proc.once('close', (code, signal) => finish({ code, signal }))
    proc.once('error', () => finish({ code: null, signal: null }))
  })
  // Only whole lines: a kill can cut the last one short, and half a line was never said.
  let partial = ''
  proc.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n')
    partial = parts.pop() ?? ''
    for (const line of parts) {
      lines.push(line)
      for (const listener of [...listeners]) listener.line(line)
    }
  })

  const child: TsxChild = {
    pid: proc.pid,
    lines,
    exited,
    waitForLine(pred, timeoutMs = WORK_MS) {
      return new Promise((resolve, reject) => {
        const settle = (error: Error | undefined, line = ''): void => {
          clearTimeout(timer)
          listeners.delete(listener)
          if (error) reject(error)
          else resolve(line)
        }
        const test = (line: string): void => {
          try {
            if (pred(line)) settle(undefined, line)
          } catch (error) {
            settle(error as Error)
          }
        }
        const listener = {
          line: test,
          end: (exit: ChildExit) => settle(new Error(`${file} ended (code ${exit.code}, signal ${exit.signal}) before the line awaited; its last lines:\n  ${tail()}`)),
        }
        const timer = setTimeout(() => settle(new Error(`${file} printed no such line within ${timeoutMs} ms; its last lines:\n  ${tail()}`)), timeoutMs)
        listeners.add(listener)
        for (const line of [...lines]) if (listeners.has(listener)) test(line)
        if (ended && listeners.has(listener)) listener.end(ended)
      })
    },
    kill(signal = 'SIGKILL') {
      if (!ended) proc.kill(signal)
      return exited
    },
  }
  running.add(child)
  return child
}
