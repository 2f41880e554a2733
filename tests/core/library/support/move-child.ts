/**
 * A real engine process for the move crash test: moves the library at `<dir>/library` to
 * `<dir>/moved` and, at the progress report named by argv (`<phase> <done>`), says STOP and
 * freezes inside the engine (the report is emitted from the move's own loop), to be SIGKILLed.
 */
import path from 'node:path'
import { createCore } from '../../../../electron/core'
import { createConfSettingsStore } from '../../../../electron/node/settings-store'

const [dir = '', stopPhase = '', stopAt = '0'] = process.argv.slice(2)
const data = path.join(dir, 'data')
const core = await createCore({
  host: { shell: 'cli', version: '0.0.0-test', runtime: 'node' },
  paths: { data, library: path.join(dir, 'library') },
  settings: createConfSettingsStore(data),
  heartbeatMs: 0,
  resumeJobs: false,
})
const frozen = new Int32Array(new SharedArrayBuffer(4))
core.events.on('library.moveProgress', (progress) => {
  if (progress.phase === stopPhase && progress.done === Number(stopAt)) {
    process.stdout.write('STOP\n') // a pipe: written synchronously on Linux
    Atomics.wait(frozen, 0, 0)
  }
})
await core.call('library.move', { to: path.join(dir, 'moved') })
