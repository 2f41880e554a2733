import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

/** Names one cached fixture. Bump `version` whenever the generator's output changes. */
export interface FixtureKey {
  kind: string
  version: number
  name: string
}

/**
 * Expensive fixtures (real H.264 clips, multi-megapixel noise images) made once per machine and
 * kept in the temp folder between runs. The version is part of the path, so a changed generator
 * never serves bytes from an older one. Written to a temp name of its own and renamed: parallel
 * test files (and two tests of one file, in the same millisecond) racing for the same fixture each
 * see a whole file.
 */
export async function cachedFixture(key: FixtureKey, make: () => Promise<Uint8Array>): Promise<Buffer> {
  const file = path.join(os.tmpdir(), 'reelbox-fixtures', `${key.kind}-v${key.version}`, key.name)
  try {
    return await readFile(file)
  } catch {
    // Not made yet on this machine.
  }
  const bytes = Buffer.from(await make())
  await mkdir(path.dirname(file), { recursive: true })
  const temp = `${file}.${randomUUID()}.tmp`
  await writeFile(temp, bytes)
  await rename(temp, file)
  return bytes
}
