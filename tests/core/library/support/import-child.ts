/**
 * A real engine process for the crash tests: imports results into the library at argv[2] and,
 * when it reaches the import step named in argv[3], says so on stdout and waits to be killed.
 * argv[4]: how many results to import (ids r0-0, r1-0 …), each from `<staging>/r<n>.mp4`.
 */
import path from 'node:path'
import { createLibrary } from '../../../../electron/core/library/library'
import { stagingDir } from '../../../../electron/core/library/naming'
import { createLogHub } from '../../../../electron/core/logger'
import { systemClock } from '../../../../electron/core/ports'
import { resultFields } from './fixtures'

const [dir = '', stopAt = '', countText = '1', stopAtIndex = '0'] = process.argv.slice(2)
const root = path.join(dir, 'library')
const library = createLibrary({
  library: root,
  dataDir: path.join(dir, 'data'),
  clock: systemClock,
  log: createLogHub(() => Date.now()).root,
  emit: () => undefined,
  afterImportStep: async (step, id) => {
    if (step === stopAt && id === `r${stopAtIndex}-0`) {
      process.stdout.write(`STOP ${step} ${id}\n`)
      await new Promise(() => setInterval(() => undefined, 1000))
    }
  },
})

for (let n = 0; n < Number(countText); n++) {
  const fields = resultFields({ id: `r${n}-0`, jobId: `r${n}`, prompt: `result number ${n}`, finishedAt: Date.UTC(2025, 0, 1) + n * 60_000 })
  await library.importResult({ ...fields, stagedFile: path.join(stagingDir(root), `r${n}.mp4`) })
  process.stdout.write(`DONE r${n}-0\n`)
}
await library.dispose()
process.stdout.write('EXIT\n')
