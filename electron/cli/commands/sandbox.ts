import { runSandboxFromCli } from '../../sandbox'
import { integer, parse } from '../args'
import { openCatalog } from '../catalog'
import { EXIT } from '../exit-codes'
import { out } from '../output'

/** `reelbox sandbox [--port N]`: the local stand-in for the service, until Ctrl-C. */
export async function sandbox(args: string[]): Promise<number> {
  const { values, globals, help } = parse(args, { port: { type: 'string' } })
  if (help) return out('reelbox sandbox [--port N] [--catalog FILE]'), EXIT.ok
  const { catalog } = await openCatalog(globals)
  const running = await runSandboxFromCli({ catalog, port: integer('port', values.port) ?? 0 })
  // Listening before saying so: a script may stop it as soon as it reads the line.
  const stopped = new Promise<void>((resolve) => {
    process.once('SIGINT', resolve)
    process.once('SIGTERM', resolve)
  })
  out(`Try: REELBOX_API_KEY=${running.apiKey} reelbox submit --base-url ${running.baseUrl} --model lumen-1 --prompt "a paper boat on a rainy street" --wait`)
  await stopped
  await running.close()
  return EXIT.ok
}
