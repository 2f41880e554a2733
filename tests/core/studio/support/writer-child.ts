/**
 * A machine's writer for the kill test: records one change after another in its own log and
 * prints `SET n` once change n is on the disk, until it is killed.
 */
import { createLogHub } from '../../../../electron/core/logger'
import { Studio } from '../../../../electron/core/studio/studio'

const [library, dataDir, machine, first] = process.argv.slice(2) as [string, string, string, string]
const studio = new Studio({ library, dataDir, machine, log: createLogHub(() => Date.now()).root, followMs: 0 })
for (let n = Number(first); ; n++) {
  await studio.set(`item/${n % 7}`, { [`tag/t${n}`]: true, prompt: 'x'.repeat(n % 500) })
  process.stdout.write(`SET ${n}\n`)
}
