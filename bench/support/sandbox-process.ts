/**
 * The Sandbox in a process of its own, so a benchmark measures only the engine's event loop.
 * Options as JSON in REELBOX_SANDBOX_OPTIONS (without the catalogue: the default is used).
 * Prints one line `{"baseUrl":…,"apiKey":…}` when listening.
 */
import { readFileSync } from 'node:fs'
import { Catalog } from '../../shared/catalog'
import { startSandbox } from '../../electron/sandbox'

const catalog = Catalog.parse(JSON.parse(readFileSync('electron/core/catalog/default-catalog.json', 'utf8')))
const options = JSON.parse(process.env['REELBOX_SANDBOX_OPTIONS'] ?? '{}') as Record<string, unknown>
const sandbox = await startSandbox({ catalog, ...options })
process.stdout.write(`${JSON.stringify({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey })}\n`)
process.once('SIGTERM', () => void sandbox.close().then(() => process.exit(0)))
