import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LibraryDetail } from '../../shared/contract/library'
import type { LibraryItem } from '../../shared/library'
import { makeImage } from '../core/images/fixtures'
import { makeMp4 } from '../core/library/support/mp4'
import { newTestLibrary, resultFields, stage } from '../core/library/support/fixtures'
import { ffprobe, packetHashes } from '../support/ffmpeg'
import { reelbox as run } from '../support/reelbox'
import { useTempDir } from '../support/temp'

/**
 * `reelbox library inspect | import | join` as a script runs them (issue 16 item 6): a real
 * process on a library the engine's own importer wrote.
 */
let dir: string
let library: string
let clips: LibraryItem[]
let plain: string
let cleanup: () => Promise<void>

const reelbox = (args: string[]) => run(args, { REELBOX_DATA_DIR: path.join(dir, 'data'), REELBOX_SECRET_STORE: 'session' })
const fileOf = (item: LibraryItem): string => path.join(library, item.folder, item.fileName)

beforeAll(async () => {
  dir = await useTempDir('reelbox-cli-clips-')
  const t = await newTestLibrary()
  library = t.root
  const mp4 = await makeMp4({ width: 96, height: 64, frames: 24 })
  const other = await makeMp4({ width: 64, height: 48, frames: 24 })
  clips = []
  for (const [n, bytes] of [mp4, mp4, other].entries()) {
    const fields = resultFields({ id: `c${n}-0`, jobId: `c${n}`, prompt: `a paper boat, take ${n}`, params: { model: 'kling-v2-master', prompt: 'a paper boat', seed: 40 + n }, finishedAt: Date.UTC(2025, 2, 14, 9, n) })
    clips.push(await t.library.importResult({ ...fields, stagedFile: await stage(t.root, bytes) }))
  }
  await t.dispose()
  cleanup = t.cleanup
  plain = path.join(dir, 'plain.mp4')
  await writeFile(plain, mp4)
})

afterAll(() => cleanup())

describe('reelbox library', () => {
  it('inspect prints the settings inside any video, and says so when there are none', async () => {
    const text = await reelbox(['library', 'inspect', fileOf(clips[1]!)])
    expect(text.code, text.stderr).toBe(0)
    expect(text.stdout).toMatch(/was made with Reelbox:/)
    expect(text.stdout).toMatch(/prompt +a paper boat, take 1/)
    expect(text.stdout).toMatch(/model +kling-v2-master \(kling 2\.0\)/)
    expect(text.stdout).toMatch(/seed +41/)
    const data = JSON.parse((await reelbox(['library', 'inspect', fileOf(clips[1]!), '--json'])).stdout) as { settings: { id: string; mode: string } }
    expect(data.settings).toMatchObject({ id: 'c1-0', mode: 't2v' })

    expect(await reelbox(['library', 'inspect', plain])).toMatchObject({ code: 0, stdout: 'plain.mp4 carries no Reelbox settings.\n' })
    const png = path.join(dir, 'still.png')
    await writeFile(png, await makeImage(16, 16))
    const refused = await reelbox(['library', 'inspect', png])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain(`${png} is not a whole MP4 or MOV video`)
  })

  it('join writes one MP4 of the clips’ own frames, and refuses a clip that differs, naming it and how', async () => {
    const out = path.join(dir, 'joined.mp4')
    const joined = await reelbox(['library', 'join', 'c0-0', 'c1-0', '--out', out, '--library', library])
    expect(joined.code, joined.stderr).toBe(0)
    expect(joined.stdout).toBe(`${out}\n`)
    expect(Number((await ffprobe(out)).format.duration)).toBeCloseTo(2, 1)
    expect(await packetHashes(out)).toEqual([...(await packetHashes(fileOf(clips[0]!))), ...(await packetHashes(fileOf(clips[1]!)))])
    expect((await reelbox(['library', 'join', 'c0-0', '--out', out, '--library', library])).stderr).toMatch(/already exists/)

    const mixed = await reelbox(['library', 'join', 'c0-0', 'c2-0', '--out', path.join(dir, 'mixed.mp4'), '--library', library])
    expect(mixed.code).toBe(2)
    expect(mixed.stderr).toBe(`reelbox: clip 2 (${clips[2]!.fileName}) is 64×48, and clip 1 (${clips[0]!.fileName}) is 96×64; clips are joined without re-encoding, so they must match (same model and resolution)\n`)
  })

  it('import brings a Reelbox video into another library with its sidecar rebuilt, and a plain one as a video', async () => {
    const other = path.join(dir, 'other-library')
    const imported = await reelbox(['library', 'import', fileOf(clips[0]!), '--library', other])
    expect(imported.code, imported.stderr).toBe(0)
    expect(imported.stderr).toMatch(/^c0-0: its settings rebuilt the sidecar\./m)
    const shown = JSON.parse((await reelbox(['library', 'show', 'c0-0', '--json', '--library', other])).stdout) as LibraryDetail
    expect(shown.sidecar).toMatchObject({ prompt: 'a paper boat, take 0', params: { seed: 40 }, model: { id: 'kling-v2-master' } })
    const added = await reelbox(['library', 'import', plain, '--library', other])
    expect(added.stderr).toMatch(/carries no Reelbox settings, so it was added as a video/)

    // What the check found is a code the terminal's language words (issue 23 item 3), not the engine's English.
    const png = path.join(dir, 'still.png')
    await writeFile(png, await makeImage(16, 16))
    const refused = await run(['library', 'import', png, '--library', other], { REELBOX_DATA_DIR: path.join(dir, 'data'), REELBOX_SECRET_STORE: 'session', LANG: 'zh_CN.UTF-8' })
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('still.png 不是完整的 MP4 或 MOV 视频：它不是视频文件')
  })
})
