import type { Catalog } from '../../shared/catalog'
import { type Sandbox, startSandbox } from './start'
import type { SandboxOptions } from './options'

export interface SandboxCliOptions extends Partial<Omit<SandboxOptions, 'catalog'>> {
  catalog: Catalog
  /** Where the two lines go (default stdout). */
  print?: (line: string) => void
}

/**
 * For `reelbox sandbox [--port N]`: starts the Sandbox and prints where it is and its key, which
 * the person running it needs to point Reelbox at it. The caller keeps the process alive and
 * calls `close()` on SIGINT/SIGTERM. The key goes to this output only, never to a log.
 */
export async function runSandboxFromCli(options: SandboxCliOptions): Promise<Sandbox> {
  const { print = (line: string) => void process.stdout.write(`${line}\n`), ...rest } = options
  const sandbox = await startSandbox(rest)
  print(`Reelbox Sandbox running at ${sandbox.baseUrl}`)
  print(`API key: ${sandbox.apiKey}`)
  return sandbox
}
