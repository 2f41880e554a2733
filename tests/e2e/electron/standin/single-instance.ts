/**
 * `app.requestSingleInstanceLock()` as Chromium's process singleton does it on Linux and macOS:
 * a lock file naming the owner's pid and a socket, both in userData. The first process takes the
 * lock and listens; a later one finds a live owner, hands it its argv, working directory and
 * additionalData over the socket (the owner emits `second-instance`), and is refused. A lock
 * whose owner has died (killed, crashed) is taken over.
 */
import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'

type OnSecond = (argv: string[], workingDirectory: string, additionalData: unknown) => void

let handOff: Promise<void> = Promise.resolve()

/** Resolves once a refused instance has told the owner (the app quits only after that). */
export const handedOver = (): Promise<void> => handOff

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Tells the owner about this launch; the owner may still be starting to listen, so it retries. */
async function tell(socket: string, message: unknown): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const delivered = await new Promise<boolean>((resolve) => {
      const connection = net.createConnection(socket, () => connection.end(JSON.stringify(message)))
      connection.on('close', (hadError) => resolve(!hadError))
      connection.on('error', () => resolve(false))
    })
    if (delivered) return
    await delay(20)
  }
}

export function claimSingleInstance(userData: string, additionalData: unknown, onSecond: OnSecond): boolean {
  mkdirSync(userData, { recursive: true })
  const lock = path.join(userData, 'SingletonLock')
  const socket = path.join(userData, 'SingletonSocket')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number(readFileSync(lock, 'utf8'))
      if (owner !== process.pid && alive(owner)) {
        handOff = tell(socket, { argv: process.argv, cwd: process.cwd(), data: additionalData ?? null })
        return false
      }
      unlinkSync(lock) // its owner died without letting go
      continue
    }
    if (existsSync(socket)) unlinkSync(socket)
    const server = net.createServer((connection) => {
      let text = ''
      connection.setEncoding('utf8')
      connection.on('data', (chunk: string) => (text += chunk))
      connection.on('end', () => {
        const { argv, cwd, data } = JSON.parse(text) as { argv: string[]; cwd: string; data: unknown }
        onSecond(argv, cwd, data)
      })
    })
    server.listen(socket)
    server.unref()
    process.on('exit', () => {
      for (const file of [lock, socket]) if (existsSync(file)) unlinkSync(file)
    })
    return true
  }
  return false
}
