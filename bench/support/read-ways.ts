/**
 * What reading and parsing every sidecar costs, two ways, wall clock and CPU time (issue 24):
 * through the thread pool with callbacks (open → fstat → read → close, 32 at a time, as
 * `readSidecar` does) or synchronously on this thread (`readSidecarSync`). Usage:
 *   node --import tsx bench/support/read-ways.ts <library> pool|thread
 */
import fs from 'node:fs'
import path from 'node:path'

const [root, way] = process.argv.slice(2) as [string, 'pool' | 'thread']

function sidecars(dir: string, out: string[] = []): string[] {
  for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, d.name)
    if (d.isDirectory()) sidecars(file, out)
    else if (d.name.endsWith('.json')) out.push(file)
  }
  return out
}

const inPool = (file: string): Promise<string> =>
  new Promise((resolve, reject) =>
    fs.open(file, 'r', (error, fd) => {
      if (error) return reject(error)
      fs.fstat(fd, (_, info) => {
        const buffer = Buffer.allocUnsafe(info.size)
        fs.read(fd, buffer, 0, info.size, 0, (__, read) => fs.close(fd, () => resolve(buffer.toString('utf8', 0, read))))
      })
    }),
  )

function onThread(file: string): string {
  const fd = fs.openSync(file, 'r')
  try {
    const buffer = Buffer.allocUnsafe(fs.fstatSync(fd).size)
    return buffer.toString('utf8', 0, fs.readSync(fd, buffer, 0, buffer.length, 0))
  } finally {
    fs.closeSync(fd)
  }
}

const files = sidecars(root)
const cpu0 = process.cpuUsage()
const t0 = performance.now()
if (way === 'thread') for (const file of files) JSON.parse(onThread(file))
else {
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < files.length) JSON.parse(await inPool(files[next++]!))
  }
  await Promise.all(Array.from({ length: 32 }, worker))
}
const used = process.cpuUsage(cpu0)
console.log(`${way}: ${files.length} sidecars, ${(performance.now() - t0).toFixed(0)} ms wall, ${((used.user + used.system) / 1000).toFixed(0)} ms CPU`)
