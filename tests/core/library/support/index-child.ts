/**
 * A real engine process that opens the library at argv[2] (data folder argv[3]) and narrates the
 * index build on stdout (`PROGRESS <phase> <done>`, then `READY <items>`). With argv[4] = `stall`
 * it stops dead (the thread blocked, as if the machine froze) once the first folder is in the
 * index, for the test that SIGKILLs it there.
 */
import { createLibrary } from '../../../../electron/core/library/library'
import { createLogHub } from '../../../../electron/core/logger'
import { systemClock } from '../../../../electron/core/ports'

const [library = '', dataDir = ''] = process.argv.slice(2)
const lib = createLibrary({
  library,
  dataDir,
  clock: systemClock,
  log: createLogHub(() => Date.now()).root,
  emit: () => undefined,
  progress: (p) => {
    process.stdout.write(`PROGRESS ${p.phase} ${p.done}\n`)
    if (process.argv[4] === 'stall' && p.done > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000)
  },
})
await lib.ready()
process.stdout.write(`READY ${lib.info().items}\n`)
await lib.dispose()
