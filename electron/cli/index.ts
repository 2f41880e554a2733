/**
 * `reelbox`: the engine without a window, for scripts, pipelines and machines without a display.
 * Same core, same data folder, settings, keychain, journal and library as the app. Each command
 * is imported only when it runs, so `reelbox --version` starts as fast as Node itself.
 */
import { describeError, EXIT, exitCodeOf } from './exit-codes'
import { note, quietOnClosedPipes } from './output'
import { usage, version } from './usage'
import { say } from './words'

type Command = (args: string[]) => Promise<number>

const commands: Record<string, () => Promise<Command>> = {
  sandbox: async () => (await import('./commands/sandbox')).sandbox,
  models: async () => (await import('./commands/models')).models,
  submit: async () => (await import('./commands/submit')).submit,
  status: async () => (await import('./commands/status')).status,
  jobs: async () => (await import('./commands/jobs')).jobs,
  resume: async () => (await import('./commands/jobs')).resume,
  library: async () => (await import('./commands/library')).library,
  storyboard: async () => (await import('./commands/storyboard')).storyboard,
  profile: async () => (await import('./commands/profile')).profile,
  budget: async () => (await import('./commands/cost')).budget,
  spend: async () => (await import('./commands/cost')).spend,
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv
  if (!name || name === 'help' || name === '--help' || name === '-h') return process.stdout.write(`${usage}\n`), EXIT.ok
  if (name === '--version' || name === '-v') return process.stdout.write(`${version()}\n`), EXIT.ok
  const load = Object.hasOwn(commands, name) ? commands[name] : undefined
  if (!load) {
    process.stderr.write(`${say('cli.usage.unknownCommand', { name })}\n\n${usage}\n`)
    return EXIT.usage
  }
  try {
    return await (await load())(args)
  } catch (error) {
    note(describeError(error))
    return exitCodeOf(error)
  }
}

quietOnClosedPipes()
process.exitCode = await main(process.argv.slice(2))
// Everything is written and disposed by now. A keychain call that timed out can still hold a
// native thread (up to D-Bus's 25 s); a command that has finished should not wait for it.
setTimeout(() => process.exit(), 2000).unref()
