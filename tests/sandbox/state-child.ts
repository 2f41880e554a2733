/**
 * A host process for persistence.test.ts: `node --import tsx state-child.ts <stateDir>` starts a
 * Sandbox on that state folder, prints `READY {baseUrl, apiKey, port}` and serves until it is
 * killed (SIGKILL: the crash under test) or told to stop (SIGTERM: a clean close).
 * Renders are made slow on purpose (640 px, 24 fps) so a kill right after a submit lands mid-render.
 */
import { startTestSandbox } from './support'
import { say } from '../../shared/locales'

const stateDir = process.argv[2]
if (!stateDir) throw new Error('usage: state-child.ts <stateDir>')
const sandbox = await startTestSandbox({
  stateDir,
  timing: { pendingMs: 200, runningMs: 600 },
  immediateModels: [],
  render: { longSide: 640, fps: 24 },
  logger: { info: () => undefined, warn: (code, params) => process.stderr.write(`child warn: ${say('en', `log.${code}`, params)}\n`) },
})
process.stdout.write(`READY ${JSON.stringify({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, port: sandbox.port })}\n`)
process.once('SIGTERM', () => {
  void sandbox.close().then(() => process.exit(0))
})
