import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { open, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { EmbeddedSettings } from '../../../shared/embedded'
import { Sidecar } from '../../../shared/library'
import { SETTINGS_TAG } from '../../../shared/media'
import { verifyVideo } from '../../../electron/core/downloads/verify'
import { addSettingsInPlace } from '../../../electron/core/library/embed'
import { readTopLevelBoxes } from '../../../electron/core/library/probe'
import { readSettings } from '../../../electron/core/library/settings'
import { labelMp4 } from '../../../electron/sandbox/render/mp4-label'
import { decodedFrameHashes, exiftool, ffprobe, packetHashes } from '../../support/ffmpeg'
import { makeMp4 } from './support/mp4'
import { newTestLibrary, resultFields, stage, type TestLibrary } from './support/fixtures'

let raw: Buffer
let t: TestLibrary & { cleanup(): Promise<void> }

beforeAll(async () => {
  // The encoder writes its index after the frames; the Sandbox's label moves it before them.
  raw = await makeMp4({ width: 96, height: 64, frames: 48, fps: 24 })
})
afterEach(async () => {
  await t?.cleanup()
})

const signed = 'https://cdn.example.com/in/fox.png?X-Amz-Signature=canary-signature&X-Amz-Credential=AKIA'
const hash = 'a'.repeat(64)

/** `hashed`: as a download that hashed the file on the way hands it over (the settings go in place). */
async function importClip(bytes: Buffer, hashed = false): Promise<{ file: string; sidecar: Sidecar }> {
  const fields = resultFields({
    prompt: 'a red fox',
    mode: 'i2v',
    params: { model: 'kling-v2-master', prompt: 'a red fox', seed: 42, image: { imageUrl: signed }, api_key: 'sk-canary-123', nested: { token: 'sk-canary-123' } },
    draft: { modelId: 'kling-v2-master', mode: 'i2v', prompt: 'a red fox', seed: 42, image: { kind: 'url', url: signed }, continues: { itemId: 'job00-0', atSeconds: 5 } },
    inputs: [{ role: 'image', kind: 'url', url: signed }, { role: 'image', kind: 'file', hash, name: 'fox.png' }],
    service: { baseUrl: 'https://user:pass@api.example.com/v1?key=sk-canary-123', sandbox: false },
  })
  const original = hashed ? { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') } : undefined
  const item = await t.library.importResult({ ...fields, stagedFile: await stage(t.root, bytes), original })
  const file = path.join(t.root, item.folder, item.fileName)
  const sidecar = Sidecar.parse(JSON.parse(await readFile(file.replace(/\.mp4$/, '.json'), 'utf8')))
  return { file, sidecar }
}

/** Where each top-level box of `type` starts. */
async function topLevel(file: string, type: string): Promise<number[]> {
  const handle = await open(file, 'r')
  try {
    const walk = await readTopLevelBoxes(handle, (await handle.stat()).size)
    return walk.places.filter((place) => place.type === type).map((place) => place.start)
  } finally {
    await handle.close()
  }
}

describe('settings inside the video', () => {
  it.each([
    ['index after the frames', () => raw, false],
    ['index before the frames (the Sandbox labels its clips)', () => labelMp4(raw, 'Reelbox Sandbox: rendered locally'), false],
    ['index after the frames, hashed on the way: written in place', () => raw, true],
    ['index before the frames, hashed on the way: written in place', () => labelMp4(raw, 'Reelbox Sandbox: rendered locally'), true],
  ])('every imported video carries its settings, which ffprobe, exiftool and mediabunny read, and its frames are untouched (%s)', async (_case, bytesOf, hashed) => {
    t = await newTestLibrary()
    const original = bytesOf()
    const originalFile = path.join(t.dir, 'original.mp4')
    await writeFile(originalFile, original)
    const { file, sidecar } = await importClip(original, hashed)

    const tag = (await ffprobe(file)).format.tags?.[SETTINGS_TAG]
    const settings = EmbeddedSettings.parse(JSON.parse(tag ?? 'null'))
    expect(settings).toMatchObject({ id: 'job01-0', prompt: 'a red fox', model: { id: 'kling-v2-master' }, mode: 'i2v', continues: { itemId: 'job00-0', atSeconds: 5 } })
    expect(settings.params['seed']).toBe(42)
    expect(settings.inputs.map((input) => input.hash ?? input.url)).toEqual(['https://cdn.example.com/in/fox.png', hash])
    expect(await readSettings(file)).toEqual({ found: 'settings', settings })
    expect(await exiftool(file)).toMatch(/^Reelbox Settings\s*: \{"reelbox":1,"id":"job01-0","prompt":"a red fox"/m)

    // Only the index changed: it still plays, and every frame is the same, decoded and as stored.
    await verifyVideo(file)
    expect(await decodedFrameHashes(file)).toEqual(await decodedFrameHashes(originalFile))
    expect(await packetHashes(file)).toEqual(await packetHashes(originalFile))
    expect(sidecar.media.original).toEqual({ size: original.length, sha256: createHash('sha256').update(original).digest('hex') })
    expect(sidecar.continues).toEqual({ itemId: 'job00-0', atSeconds: 5 })

    // A copy anyone can open says how it was made, never with a key, a password or a signature.
    const bytes = (await readFile(file)).toString('latin1')
    for (const secret of ['sk-canary-123', 'canary-signature', 'AKIA', 'user:pass']) expect(bytes).not.toContain(secret)
    expect(settings.service.baseUrl).toBe('https://api.example.com/v1')
  })

  it('written in place: a retry after a crash between the appended index and freeing the old one leaves one index, with the settings', async () => {
    t = await newTestLibrary()
    const file = path.join(t.dir, 'crashed.mp4')
    const originalFile = path.join(t.dir, 'original.mp4')
    await writeFile(file, raw)
    await writeFile(originalFile, raw)
    const oldIndex = await topLevel(file, 'moov')
    await addSettingsInPlace(file, JSON.stringify({ reelbox: 1, attempt: 1 }))
    // The crash: the old index was never freed (it is still first, and readers take it).
    const bytes = await readFile(file)
    expect(bytes.toString('latin1', oldIndex[0]! + 4, oldIndex[0]! + 8)).toBe('free')
    bytes.write('moov', oldIndex[0]! + 4, 'latin1')
    await writeFile(file, bytes)
    expect(await addSettingsInPlace(file, JSON.stringify({ reelbox: 1, attempt: 2 }))).toEqual({ written: true })
    await verifyVideo(file)
    const tags = (await ffprobe(file)).format.tags ?? {}
    expect(JSON.parse(tags[SETTINGS_TAG] ?? 'null')).toEqual({ reelbox: 1, attempt: 2 })
    expect(await topLevel(file, 'moov')).toHaveLength(1)
    expect(await packetHashes(file)).toEqual(await packetHashes(originalFile))
  })

  it('keeps a fragmented MP4 exactly as it came and says why its settings stay in the sidecar', async () => {
    t = await newTestLibrary()
    const plain = path.join(t.dir, 'plain.mp4')
    const fragmented = path.join(t.dir, 'fragmented.mp4')
    await writeFile(plain, raw)
    await promisify(execFile)('ffmpeg', ['-v', 'error', '-i', plain, '-c', 'copy', '-movflags', 'frag_keyframe+empty_moov', fragmented])
    const original = await readFile(fragmented)
    const { file, sidecar } = await importClip(original)
    expect((await readFile(file)).equals(original)).toBe(true)
    expect(sidecar.media.original?.size).toBe(original.length)
    expect(await readSettings(file)).toEqual({ found: 'none' })
    expect(t.logs).toContainEqual(expect.stringMatching(/keeps its settings in its sidecar only: it is a fragmented MP4/))
  })
})
