/**
 * keytar and the secret chain against a real Secret Service (gnome-keyring on a private D-Bus
 * session, fresh HOME), and against the ways a keychain fails: no bus, a bus without the
 * service, a locked keyring with no one to unlock it, and one whose unlock prompt never answers.
 * Set REELBOX_TIMINGS=1 to print how long each scenario took.
 */
import { readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { LOCK_KEYRING, runInSession, START_UNLOCKED_KEYRING, stepOf, type SessionRun } from './session-bus'

const timings: string[] = []
const homes: string[] = []

function note(name: string, run: SessionRun): SessionRun {
  homes.push(run.home)
  const steps = run.reports.flatMap((r) => r.steps.map((s) => `${s.name} ${s.ms} ms`)).join(', ')
  timings.push(`${name}: ${run.ms} ms in all${run.stoppedAfterReports ? ' (stopped after its report: a timed-out call held the exit)' : ''}; ${steps}`)
  return run
}

afterAll(async () => {
  if (process.env['REELBOX_TIMINGS']) console.info(`Keychain scenarios:\n  ${timings.join('\n  ')}`)
  await Promise.all(homes.map((home) => rm(home, { recursive: true, force: true })))
})

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

describe('the OS keychain (keytar on a real Secret Service)', () => {
  it('stores, replaces, reads from another process and deletes a key in an unlocked keyring', async () => {
    const run = note('unlocked keyring', await runInSession(`${START_UNLOCKED_KEYRING} && probe write && probe read`, { bus: 'private', keychainTimeoutMs: 5000 }, 2))
    const [write, read] = run.reports

    expect(stepOf(write, 'keytar.set').ok).toBe(true)
    expect(stepOf(write, 'keytar.get').value).toBe('sk-first')
    expect(stepOf(write, 'keytar.get-replaced').value).toBe('sk-second')
    expect(stepOf(write, 'chain.describe').value).toBe('keychain')

    // A second process sees the keys: they are in the keyring, not in the first one's memory.
    expect(stepOf(read, 'keytar.get').value).toBe('sk-second')
    expect(stepOf(read, 'chain.get').value).toBe('sk-chain')
    expect(stepOf(read, 'keytar.delete').ok).toBe(true)
    expect(stepOf(read, 'keytar.get-deleted')).toMatchObject({ ok: true, value: null })
    expect(stepOf(read, 'chain.get-deleted')).toMatchObject({ ok: true, value: null })
    expect(stepOf(read, 'chain.describe-new').value).toBe('keychain')

    // Nothing we did left a key in clear text in the home folder (the keyring file is encrypted).
    for (const file of await filesUnder(run.home)) {
      const text = await readFile(file, 'latin1').catch(() => '')
      expect(text, file).not.toContain('sk-second')
      expect(text, file).not.toContain('sk-chain')
    }
  })

  it('with no session bus at all: says the keychain is unavailable and keeps the key for the session', async () => {
    const run = note('no bus', await runInSession('probe fallback', { bus: 'none', keychainTimeoutMs: 5000 }, 1))
    const [report] = run.reports
    expect(stepOf(report, 'keytar.get')).toMatchObject({ ok: false, error: expect.stringMatching(/^keychain unavailable: /) })
    expect(stepOf(report, 'keytar.set').ok).toBe(false)
    expect(stepOf(report, 'chain.set').ok).toBe(true)
    expect(stepOf(report, 'chain.get').value).toBe('sk-session')
    const where = JSON.parse(stepOf(report, 'chain.describe').value!) as Record<string, unknown>
    // Why, as a code with the OS's own words (never an English sentence of ours).
    expect(where).toEqual({ kind: 'session', persistent: false, reasons: [{ code: 'keychain.unavailable', os: expect.stringMatching(/\S/) }] })
    // Failing fast: the probe ended on its own, no call was left waiting.
    expect(run.stoppedAfterReports).toBe(false)
  })

  it('with a bus but no Secret Service: unavailable, falls back to the session', async () => {
    const run = note('bus without Secret Service', await runInSession('probe fallback', { bus: 'private', keychainTimeoutMs: 5000 }, 1))
    const [report] = run.reports
    expect(stepOf(report, 'keytar.get').error).toMatch(/^keychain unavailable: .*org\.freedesktop\.secrets/)
    expect(stepOf(report, 'chain.get').value).toBe('sk-session')
    expect(JSON.parse(stepOf(report, 'chain.describe').value!)).toMatchObject({ kind: 'session', persistent: false })
    expect(run.stoppedAfterReports).toBe(false)
  })

  it('with a locked keyring and no way to prompt: the write is refused and the key is kept for the session', async () => {
    const run = note(
      'locked keyring, no prompter',
      await runInSession(`${START_UNLOCKED_KEYRING} && probe write && ${LOCK_KEYRING} && probe locked`, { bus: 'private', keychainTimeoutMs: 5000 }, 2),
    )
    const [, locked] = run.reports
    // libsecret cannot unlock without a prompt, so the stored key is simply not found.
    expect(stepOf(locked, 'keytar.get')).toMatchObject({ ok: true, value: null })
    expect(stepOf(locked, 'chain.get').value).toBe('sk-while-locked')
    const where = JSON.parse(stepOf(locked, 'chain.describe').value!) as Record<string, unknown>
    expect(where).toMatchObject({ kind: 'session', persistent: false, reasons: [{ code: 'keychain.unavailable', os: expect.stringMatching(/locked/) }] })
  })

  it('with a locked keyring whose unlock prompt never answers: times out, falls back, never hangs', async () => {
    const run = note(
      'locked keyring, prompt never answered',
      await runInSession(`${START_UNLOCKED_KEYRING} && probe write && ${LOCK_KEYRING} && probe locked`, { bus: 'private', prompter: 'never-answers', keychainTimeoutMs: 1000 }, 2),
    )
    const [, locked] = run.reports
    expect(stepOf(locked, 'keytar.get').error).toBe('keychain unavailable: no answer within 1 s (is it locked?)')
    // While that call is stuck, no second one is started (each would hold a thread and a prompt).
    expect(stepOf(locked, 'keytar.get-again').error).toMatch(/^keychain unavailable: an earlier request is still waiting/)
    expect(stepOf(locked, 'chain.set').ok).toBe(true)
    expect(stepOf(locked, 'chain.get').value).toBe('sk-while-locked')
    expect(JSON.parse(stepOf(locked, 'chain.describe').value!)).toMatchObject({ kind: 'session', persistent: false, reasons: [{ code: expect.stringMatching(/^keychain\.(timedOut|waiting)$/) }] })
  })
})
