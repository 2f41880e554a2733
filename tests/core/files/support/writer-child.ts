/**
 * A writer process for atomic.test.ts: `writer-child.ts <file>` builds each 32 MB version of a
 * journal, announces it (`start <i>`), then writes it with writeFileAtomic, forever; the test
 * kills it with SIGKILL, which lands inside a write.
 */
import { writeFileAtomic } from '../../../../electron/core/files/atomic'

const file = process.argv[2]
if (!file) throw new Error('usage: writer-child.ts <file>')
for (let i = 0; ; i++) {
  const data = Buffer.from(JSON.stringify({ i, pad: String(i % 10).repeat(32_000_000) }))
  process.stdout.write(`start ${i}\n`)
  await writeFileAtomic(file, data)
}
