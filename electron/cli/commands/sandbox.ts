import { startSandbox } from '../../sandbox'
import { integer, parse } from '../args'
import { openCatalog } from '../catalog'
import { EXIT } from '../exit-codes'
import { out } from '../output'
import { say } from '../words'

/** `reelbox sandbox [--port N]`: the local stand-in for the service, until Ctrl-C. */
export async function sandbox(args: string[]): Promise<number> {
  const { values, globals, help } = parse(args, { port: { type: 'string' } })
  if (help) return out('reelbox sandbox [--port N] [--catalog FILE]'), EXIT.ok
  const { catalog } = await openCatalog(globals)
  const running = await startSandbox({ catalog, port: integer('port', values.port) ?? 0 })
  // Where it is and its key, which the person running it needs: the key goes to this output only, never to a log.
  out(say('cli.sandbox.running', { url: running.baseUrl }))
  out(say('cli.sandbox.key', { key: running.apiKey }))
  // Listening before saying so: a script may stop it as soon as it reads the line.
  const stopped = new Promise<void>((resolve) => {
    process.once('SIGINT', resolve)
    process.once('SIGTERM', resolve)
  })
  out(say('cli.sandbox.try', { command: `REELBOX_API_KEY=${running.apiKey} reelbox submit --base-url ${running.baseUrl} --model lumen-1 --prompt "${say('cli.sandbox.prompt')}" --wait` }))
  await stopped
  await running.close()
  return EXIT.ok
}
