/**
 * The Sandbox in a process of its own, so a benchmark measures only the engine's event loop.
 * Options as JSON in REELBOX_SANDBOX_OPTIONS (without the catalogue: the default is used).
 * Prints one line `{"baseUrl":…,"apiKey":…}` when listening.
 */
import { startSandbox } from '../../electron/sandbox'
import { defaultCatalog } from '../../tests/support/sandbox'

const options = JSON.parse(process.env['REELBOX_SANDBOX_OPTIONS'] ?? '{}') as Record<string, unknown>
const sandbox = await startSandbox({ catalog: defaultCatalog, ...options })
process.stdout.write(`${JSON.stringify({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey })}\n`)
process.once('SIGTERM', () => void sandbox.close().then(() => process.exit(0)))
