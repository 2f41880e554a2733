/**
 * Runs in a child process, inside a private D-Bus session (libsecret keeps one bus connection
 * per process, so every scenario needs its own process). Drives the real keytar adapter and the
 * chain, then prints one line: `REPORT {json}`. Values are test strings, never real keys.
 *
 *   node --import tsx keychain-probe.ts <write|read|fallback|locked>
 */
import { createSecretChain } from '../../../electron/node/secrets/secret-chain'
import { createKeytarStore } from '../../../electron/node/secrets/keytar-store'

export interface ProbeStep {
  name: string
  ok: boolean
  value?: string | null
  error?: string
  ms: number
}

export interface ProbeReport {
  steps: ProbeStep[]
}

const timeoutMs = Number(process.env['REELBOX_KEYCHAIN_TIMEOUT_MS'] ?? 2000)
const keychain = createKeytarStore({ timeoutMs })
const chain = createSecretChain({ keychain })
const steps: ProbeStep[] = []

async function step(name: string, run: () => Promise<unknown>): Promise<void> {
  const started = performance.now()
  try {
    const value = await run()
    const shown = typeof value === 'string' ? value : value === undefined ? null : JSON.stringify(value)
    steps.push({ name, ok: true, value: shown, ms: Math.round(performance.now() - started) })
  } catch (error) {
    steps.push({ name, ok: false, error: (error as Error).message, ms: Math.round(performance.now() - started) })
  }
}

const scenarios: Record<string, () => Promise<void>> = {
  /** Unlocked keyring: set, get, replace, get, and where the chain says keys go. */
  async write() {
    await step('keytar.set', () => keychain.set('profile-a', 'sk-first'))
    await step('keytar.get', () => keychain.get('profile-a'))
    await step('keytar.replace', () => keychain.set('profile-a', 'sk-second'))
    await step('keytar.get-replaced', () => keychain.get('profile-a'))
    await step('chain.set', () => chain.set('profile-b', 'sk-chain'))
    await step('chain.describe', async () => (await chain.describe('profile-b')).kind)
  },
  /** A second process of the same session: the keys are really in the keyring. */
  async read() {
    await step('keytar.get', () => keychain.get('profile-a'))
    await step('chain.get', () => chain.get('profile-b'))
    await step('keytar.delete', () => keychain.delete('profile-a'))
    await step('keytar.get-deleted', () => keychain.get('profile-a'))
    await step('chain.delete', () => chain.delete('profile-b'))
    await step('chain.get-deleted', () => chain.get('profile-b'))
    await step('chain.describe-new', async () => (await chain.describe()).kind)
  },
  /** No keychain answers: every call fails with a reason, the chain keeps the key for the session. */
  async fallback() {
    await step('keytar.get', () => keychain.get('profile-a'))
    await step('keytar.set', () => keychain.set('profile-a', 'sk-nowhere'))
    await step('chain.set', () => chain.set('profile-a', 'sk-session'))
    await step('chain.get', () => chain.get('profile-a'))
    await step('chain.describe', async () => JSON.stringify(await chain.describe('profile-a')))
  },
  /** A locked keyring: the calls fail or time out, the chain falls back, nothing hangs. */
  async locked() {
    await step('keytar.get', () => keychain.get('profile-a'))
    await step('keytar.get-again', () => keychain.get('profile-a'))
    await step('chain.set', () => chain.set('profile-a', 'sk-while-locked'))
    await step('chain.get', () => chain.get('profile-a'))
    await step('chain.describe', async () => JSON.stringify(await chain.describe('profile-a')))
  },
}

const scenario = scenarios[process.argv[2] ?? '']
if (!scenario) {
  process.stderr.write(`keychain-probe: unknown scenario "${process.argv[2]}"\n`)
  process.exit(2)
}
await scenario()
process.stdout.write(`REPORT ${JSON.stringify({ steps } satisfies ProbeReport)}\n`)
// A keychain call that timed out still blocks a libuv thread until D-Bus gives up (25 s), and
// Node waits for it on exit; the harness stops us once the report is out.
process.exit(0)
