/**
 * `reelbox`: the engine without a window, for scripts, pipelines and machines without a display.
 * Same core, same data folder, settings, keychain, journal and library as the app.
 */
import { library } from './commands/library'
import { jobs, resume } from './commands/jobs'
import { models } from './commands/models'
import { sandbox } from './commands/sandbox'
import { status } from './commands/status'
import { submit, submitHelp } from './commands/submit'
import { version } from './engine'
import { describeError, EXIT, exitCodeOf } from './exit-codes'

const commands: Record<string, (args: string[]) => Promise<number>> = { sandbox, models, submit, status, jobs, resume, library }

const usage = `reelbox ${version()}: make videos with the unified video service, headless.

  reelbox sandbox [--port N]                 run the local Sandbox service
  reelbox models [--json]                    list the catalogue's models
  ${submitHelp.replace(/\n/g, '\n  ')}
  reelbox status TASK_ID [--json]            ask the service about one task
  reelbox jobs [--json]                      list jobs in the journal
  reelbox resume                             finish unfinished jobs
  reelbox library ls|show|rm [--json]        the local library

Global: --base-url URL  --profile FILE (service profile JSON)  --catalog FILE  --library DIR
Key: REELBOX_API_KEY, else the keychain entry of the active connection.
Exit codes: 0 ok, 1 failed, 2 usage or refused parameter, 3 key, 4 unreachable or rate limited,
            5 unreadable answer, 6 not found, 130 interrupted.`

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv
  if (!name || name === 'help' || name === '--help' || name === '-h') return process.stdout.write(`${usage}\n`), EXIT.ok
  if (name === '--version' || name === '-v') return process.stdout.write(`${version()}\n`), EXIT.ok
  const command = commands[name]
  if (!command) {
    process.stderr.write(`reelbox: unknown command "${name}".\n\n${usage}\n`)
    return EXIT.usage
  }
  try {
    return await command(args)
  } catch (error) {
    process.stderr.write(`${describeError(error)}\n`)
    return exitCodeOf(error)
  }
}

process.exitCode = await main(process.argv.slice(2))
// Everything is written and disposed by now. A keychain call that timed out can still hold a
// native thread (up to D-Bus's 25 s); a command that has finished should not wait for it.
setTimeout(() => process.exit(), 2000).unref()
