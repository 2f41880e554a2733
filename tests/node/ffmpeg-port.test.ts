import { chmod, mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ffmpegPortFor } from '../../electron/node/ffmpeg'
import { useTempDir } from '../support/temp'

/** Where the shells find the system's ffmpeg: the first runnable `ffmpeg` file in the PATH they were given. */
describe('ffmpegPortFor', () => {
  it('finds the first runnable ffmpeg on the PATH, passing over what is not one', async () => {
    const dir = await useTempDir('reelbox-ffmpeg-port-')
    const [notRunnable, folder, runnable] = ['a', 'b', 'c'].map((name) => path.join(dir, name))
    for (const at of [notRunnable!, folder!, runnable!]) await mkdir(at)
    await writeFile(path.join(notRunnable!, 'ffmpeg'), '')
    await mkdir(path.join(folder!, 'ffmpeg'))
    await writeFile(path.join(runnable!, 'ffmpeg'), '#!/bin/sh\n')
    await chmod(path.join(runnable!, 'ffmpeg'), 0o755)
    const port = ffmpegPortFor({ PATH: ['relative/bin', notRunnable, folder, runnable].join(':') }, undefined, 'linux')
    expect(await port.onPath()).toBe(path.join(runnable!, 'ffmpeg'))
    expect(port.given).toBeUndefined()
    expect(await ffmpegPortFor({ PATH: [notRunnable, folder].join(':') }, undefined, 'linux').onPath()).toBeUndefined()
    expect(await ffmpegPortFor({}, undefined, 'linux').onPath()).toBeUndefined()
  })

  it('takes a given path as absolute, for the engine to put before Settings’', () => {
    expect(ffmpegPortFor({}, 'tools/ffmpeg', 'linux').given).toBe(path.resolve('tools/ffmpeg'))
  })
})
