/**
 * Another machine's editor for the edit-lock test: takes the edit lock on a sidecar with the code
 * `library.update` uses, says LOCKED and stays inside it until the test SIGKILLs it (a crash, a
 * power cut mid-edit).
 */
import { createLogHub } from '../../../../electron/core/logger'
import { withEditLock } from '../../../../electron/core/library/edit-lock'

const [sidecar = ''] = process.argv.slice(2)
const log = createLogHub(() => Date.now()).root.scope('lock-child')
await withEditLock(sidecar, log, async () => {
  process.stdout.write('LOCKED\n')
  // A timer keeps the process alive (the lock's own refresh timer does not).
  await new Promise(() => setInterval(() => undefined, 60_000))
})
