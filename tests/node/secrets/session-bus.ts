/**
 * A private, throwaway desktop session for keychain tests: a fresh HOME, a D-Bus session bus
 * whose only services are the ones a scenario asks for, and the keychain probe run inside it
 * (each probe a separate process: libsecret caches its bus connection per process).
 */
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ProbeReport } from './keychain-probe'

const here = path.dirname(fileURLToPath(import.meta.url))
const repoRoot = path.resolve(here, '../../..')
const PROBE_FILE = path.join(here, 'keychain-probe.ts')
/** Scripts call `probe <scenario>`: the keychain probe in a process of its own. */
const PROBE_FUNCTION = 'probe() { node --import tsx "$PROBE_FILE" "$@"; }'
/** Unlocks (and on first use creates) the login keyring with password "pw", as a desktop login does. */
export const START_UNLOCKED_KEYRING = 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null'
export const LOCK_KEYRING =
  'dbus-send --session --print-reply --dest=org.freedesktop.secrets /org/freedesktop/secrets org.freedesktop.Secret.Service.Lock array:objpath:/org/freedesktop/secrets/collection/login >/dev/null'

export interface SessionOptions {
  /** 'none': no bus at all (the address points nowhere); 'private': our own bus. */
  readonly bus: 'none' | 'private'
  /**
   * 'none': nothing can show an unlock prompt (a headless machine);
   * 'never-answers': a prompter that is started but never shows up (a desktop where nobody types the password).
   */
  readonly prompter?: 'none' | 'never-answers'
  /** Per keychain call inside the probe. */
  readonly keychainTimeoutMs: number
}

export interface SessionRun {
  reports: ProbeReport[]
  /** Wall time of the whole session, bus start to last report. */
  ms: number
  /** True when the session had to be stopped after its last report (a keychain call still blocked a thread). */
  stoppedAfterReports: boolean
  stderr: string
  home: string
}

function busConfig(servicesDir: string): string {
  return `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=${os.tmpdir()}</listen>
  <auth>EXTERNAL</auth>
  <servicedir>${servicesDir}</servicedir>
  <limit name="service_start_timeout">60000</limit>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`
}

/**
 * Runs `script` (sh, with `probe <scenario>` available) in a fresh session and collects `expectReports`
 * probe reports. Never waits longer than `hardLimitMs`: a session that produces no report in
 * time is killed and the run fails with what it printed.
 */
export async function runInSession(script: string, options: SessionOptions, expectReports: number, hardLimitMs = 15_000): Promise<SessionRun> {
  const home = await mkdtemp(path.join(os.tmpdir(), 'reelbox-keychain-'))
  const servicesDir = path.join(home, 'dbus-services')
  await mkdir(servicesDir, { recursive: true })
  await mkdir(path.join(home, 'run'), { mode: 0o700 })
  if (options.prompter === 'never-answers') {
    // Activated on the first unlock prompt; it sleeps instead of taking its bus name.
    await writeFile(path.join(servicesDir, 'org.gnome.keyring.SystemPrompter.service'), '[D-BUS Service]\nName=org.gnome.keyring.SystemPrompter\nExec=/bin/sleep 8\n')
  }
  const configFile = path.join(home, 'bus.conf')
  await writeFile(configFile, busConfig(servicesDir))

  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    HOME: home,
    XDG_DATA_HOME: path.join(home, '.local/share'),
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
    XDG_RUNTIME_DIR: path.join(home, 'run'),
    PROBE_FILE,
    REELBOX_KEYCHAIN_TIMEOUT_MS: String(options.keychainTimeoutMs),
  }
  script = `${PROBE_FUNCTION}\n${script}`
  const command =
    options.bus === 'private'
      ? { file: 'dbus-run-session', args: ['--config-file', configFile, '--', 'sh', '-c', script] }
      : { file: 'sh', args: ['-c', script], env: { DBUS_SESSION_BUS_ADDRESS: `unix:path=${path.join(home, 'no-bus')}` } }

  const started = performance.now()
  const child = spawn(command.file, command.args, { cwd: repoRoot, env: { ...env, ...command.env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  const stopGroup = (): void => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }

  const reports: ProbeReport[] = []
  let stdout = ''
  let stderr = ''
  let lastReportAt = started
  let stoppedAfterReports = false
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))

  const outcome = await new Promise<'exited' | 'stopped' | 'hard-limit'>((resolve) => {
    const hardLimit = setTimeout(() => {
      stopGroup()
      resolve('hard-limit')
    }, hardLimitMs)
    let grace: ReturnType<typeof setTimeout> | undefined
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      let newline: number
      while ((newline = stdout.indexOf('\n')) >= 0) {
        const line = stdout.slice(0, newline)
        stdout = stdout.slice(newline + 1)
        if (!line.startsWith('REPORT ')) continue
        reports.push(JSON.parse(line.slice('REPORT '.length)) as ProbeReport)
        lastReportAt = performance.now()
        if (reports.length === expectReports) {
          grace = setTimeout(() => {
            stoppedAfterReports = true
            stopGroup()
            clearTimeout(hardLimit)
            resolve('stopped')
          }, 1000)
        }
      }
    })
    child.on('exit', () => {
      clearTimeout(hardLimit)
      clearTimeout(grace)
      resolve('exited')
    })
  })
  stopGroup()
  if (reports.length < expectReports) {
    await rm(home, { recursive: true, force: true })
    throw new Error(`The keychain session ${outcome === 'hard-limit' ? `hung (killed after ${hardLimitMs} ms)` : 'ended'} with ${reports.length} of ${expectReports} reports.\n${stderr}`)
  }
  return { reports, ms: Math.round(lastReportAt - started), stoppedAfterReports, stderr, home }
}

/** Step by name from a report; fails loudly if the probe did not run it. */
export function stepOf(report: ProbeReport | undefined, name: string): ProbeReport['steps'][number] {
  const found = report?.steps.find((s) => s.name === name)
  if (!found) throw new Error(`The probe report has no step "${name}": ${JSON.stringify(report)}`)
  return found
}
