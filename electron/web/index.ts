/**
 * `npm run web`: the engine in plain Node, the real renderer served to any Chromium-based
 * browser over loopback. For machines that cannot run the Electron binary, and for our tests.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createCore } from '../core'
import { createNodeHost } from '../node/host'
import { sayer, terminalLocale } from '../../shared/locales'
import { startWebServer } from './server'
import { keptToken } from './token'
import { version } from '../../package.json'

// Two levels up from electron/web/index.ts, and from its bundle out/web/index.mjs alike.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
// The terminal's own lines in its locale's language (the page has its own setting).
const say = sayer(terminalLocale(process.env))

function portFromArgs(argv: string[]): number {
  const flag = argv.indexOf('--port')
  const value = flag >= 0 ? argv[flag + 1] : process.env['REELBOX_PORT']
  const port = value === undefined ? 5178 : Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`${say('terminal.web.badPort', { value: String(value) })}\n`)
    process.exit(2)
  }
  return port
}

const host = createNodeHost(process.env, { shell: 'web', version, live: true })
// REELBOX_HEARTBEAT_MS: end-to-end tests watch the heartbeat move sooner than every 5 s.
const heartbeat = process.env['REELBOX_HEARTBEAT_MS']
const core = await createCore({ ...host.ports, ...(heartbeat ? { heartbeatMs: Number(heartbeat) } : {}) })
host.reportTo(core.log.scope('secrets'))
// --new-token: a new token for this data folder (an old address stops working).
const token = await keptToken(host.ports.paths.data, { renew: process.argv.includes('--new-token') })
const server = await startWebServer({ core, rendererDir: path.join(root, 'out/renderer'), token, port: portFromArgs(process.argv) })

process.stdout.write(`\n${say('terminal.web.running')}\n${say('terminal.web.open', { url: server.url })}\n\n`)

const stop = async (): Promise<void> => {
  await server.close()
  await core.dispose()
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
