import { mkdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { createInputStore } from '../../../../electron/core/images/store'
import { createLogHub } from '../../../../electron/core/logger'
import { makeImage } from '../../images/fixtures'
import { CANARY } from './media-fuzz'
import { makeMp4 } from './mp4'
import { openTestLibrary, resultFields, stage, type TestLibrary } from './fixtures'

export interface MediaWorld {
  lib: TestLibrary
  /** Everything that may be served: ids (item ids and input hashes) and their files' bytes. */
  legitIds: string[]
  legitBodies: Buffer[]
  /** The library's files of job01-0 and job02-0 (each carries its own settings inside). */
  video: Buffer
  video2: Buffer
  poster: Buffer
  input: { hash: string; bytes: Buffer }
}

/**
 * A library with real media and traps: a canary file beside the library and in the data folder,
 * an indexed item whose video became a symlink to the canary, and one whose folder became a
 * symlink to a folder outside. None of the traps may ever be served.
 */
export async function buildMediaWorld(dir: string): Promise<MediaWorld> {
  const video = await makeMp4({ width: 64, height: 48, frames: 30 })
  const inputsData = path.join(dir, 'data')
  const inputs = createInputStore({ dataDir: inputsData, log: createLogHub(() => 0).root })
  const png = await makeImage(20, 10, { fill: 'flat' })
  const stored = await inputs.import({ name: 'ref.png', bytes: png })
  const lib = openTestLibrary(dir, { inputs })
  const posterPng = await makeImage(64, 48, { fill: 'flat' })
  await lib.library.importResult({ ...resultFields({ id: 'job01-0' }), stagedFile: await stage(lib.root, video), poster: posterPng })
  await lib.library.importResult({ ...resultFields({ id: 'job02-0', prompt: 'second' }), stagedFile: await stage(lib.root, video) })
  await lib.library.importResult({ ...resultFields({ id: 'trap1-0', prompt: 'trap one' }), stagedFile: await stage(lib.root, video) })
  await mkdir(path.join(lib.root, 'Moved'))
  await lib.library.importResult({ ...resultFields({ id: 'trap2-0', prompt: 'trap two', finishedAt: Date.UTC(2024, 0, 1) }), stagedFile: await stage(lib.root, video) })

  const canary = Buffer.from(`${CANARY}\n`.repeat(200))
  await writeFile(path.join(dir, 'secret.txt'), canary)
  await writeFile(path.join(inputsData, 'secret.txt'), canary)
  await writeFile(path.join(lib.root, '..', 'secret.mp4'), canary)
  // trap1: the indexed video file is now a symlink to the canary.
  const trap1 = (await lib.library.get('trap1-0')).item
  const trap1File = path.join(lib.root, trap1.folder, trap1.fileName)
  await rm(trap1File)
  await symlink(path.join(dir, 'secret.txt'), trap1File)
  // trap2: its whole month folder is now a symlink to an outside folder holding a canary of the same name.
  const trap2 = (await lib.library.get('trap2-0')).item
  const outside = path.join(dir, 'outside-folder')
  await mkdir(outside)
  await writeFile(path.join(outside, trap2.fileName), canary)
  await rename(path.join(lib.root, trap2.folder), path.join(dir, 'moved-away'))
  await symlink(outside, path.join(lib.root, trap2.folder))

  const fileOf = async (id: string): Promise<Buffer> => {
    const { item } = await lib.library.get(id)
    return readFile(path.join(lib.root, item.folder, item.fileName))
  }
  const [video1, video2] = [await fileOf('job01-0'), await fileOf('job02-0')]
  const posterItem = (await lib.library.get('job01-0')).item
  const poster = await readFile(path.join(lib.root, posterItem.folder, posterItem.fileName.replace(/\.mp4$/, '.jpg')))
  return {
    lib,
    legitIds: ['job01-0', 'job02-0', 'trap1-0', 'trap2-0', stored.hash],
    legitBodies: [video1, video2, poster, png],
    video: video1,
    video2,
    poster,
    input: { hash: stored.hash, bytes: png },
  }
}
