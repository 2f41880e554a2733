import { execFile } from 'node:child_process'
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Brought } from '../../../shared/contract/library-clips'
import type { LibraryDetail } from '../../../shared/contract/library'
import type { LibraryItem } from '../../../shared/library'
import { SEQUENCE_TAG } from '../../../shared/media'
import { Sequence } from '../../../shared/sequence'
import { stagingDir } from '../../../electron/core/library/naming'
import { labelMp4 } from '../../../electron/sandbox/render/mp4-label'
import { ffprobe, packetHashes } from '../../support/ffmpeg'
import { startTestCore, type TestCore } from '../../support/core'
import { makeMp4 } from '../library/support/mp4'
import { resultFields, stage } from '../library/support/fixtures'

const run = promisify(execFile)
let clip: Buffer
let other: Buffer
let t: TestCore

beforeAll(async () => {
  clip = await makeMp4({ width: 96, height: 64, frames: 24, fps: 24 })
  other = await makeMp4({ width: 64, height: 48, frames: 24, fps: 24 })
})
afterEach(async () => {
  await t?.dispose()
})

const call = <T>(method: string, input?: unknown): Promise<T> => t.core.call(method, input) as Promise<T>
const sequencesDir = (): string => path.join(t.core.library.folder, 'Sequences')
const fileOf = (item: LibraryItem): string => path.join(t.core.library.folder, item.folder, item.fileName)

async function importClip(id: string, bytes: Buffer): Promise<LibraryItem> {
  const fields = resultFields({ id, jobId: id, prompt: `take ${id}`, finishedAt: Date.UTC(2025, 2, 14, 9, Number(id.replace(/\D/g, '')) || 0) })
  return t.core.library.importResult({ ...fields, stagedFile: await stage(t.core.library.folder, bytes) })
}

describe('sequences', () => {
  it('are small JSON files in the library’s Sequences folder: saved, renamed, listed, and deleted to the trash', async () => {
    t = await startTestCore()
    const saved = await call<Sequence>('sequences.save', { name: 'Fox chase', items: ['a-0', 'b-0'] })
    expect(await readdir(sequencesDir())).toEqual([`fox-chase_${saved.id}.sequence.json`])
    expect(Sequence.parse(JSON.parse(await readFile(path.join(sequencesDir(), `fox-chase_${saved.id}.sequence.json`), 'utf8')))).toEqual(saved)

    const renamed = await call<Sequence>('sequences.save', { id: saved.id, name: '狐狸 追逐', items: ['b-0', 'a-0', 'b-0'] })
    expect(renamed).toMatchObject({ id: saved.id, createdAt: saved.createdAt, items: ['b-0', 'a-0', 'b-0'] })
    expect(await readdir(sequencesDir())).toEqual([`狐狸-追逐_${saved.id}.sequence.json`])
    // The designer's own file in the folder is neither read as a sequence nor touched.
    await writeFile(path.join(sequencesDir(), 'notes.sequence.json'), '{"mine": true}')
    expect(await call<Sequence[]>('sequences.list')).toEqual([renamed])
    expect(await call('sequences.get', { id: saved.id })).toEqual({ sequence: renamed, clips: [{ id: 'b-0' }, { id: 'a-0' }, { id: 'b-0' }] })

    await call('sequences.delete', { id: saved.id })
    expect(await call<Sequence[]>('sequences.list')).toEqual([])
    expect(await readdir(sequencesDir())).toEqual(['notes.sequence.json'])
    const trash = path.join(t.core.library.folder, '.reelbox', 'trash')
    expect((await readdir(trash, { recursive: true })).some((f) => f.endsWith(`_${saved.id}.sequence.json`))).toBe(true)
    await expect(call('sequences.get', { id: saved.id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  it('exports as one MP4 in the library by packet copy: every frame the clips’ own, the duration their sum', async () => {
    t = await startTestCore()
    // Sandbox clips, as the built-in Sandbox labels them: the film made of them is labelled too.
    const sandboxClip = labelMp4(clip, 'Reelbox Sandbox: rendered locally')
    const clips = [await importClip('c1-0', sandboxClip), await importClip('c2-0', sandboxClip), await importClip('c3-0', sandboxClip)]
    const { item, durationSec } = await call<{ item: LibraryItem; durationSec: number }>('sequences.export', { name: 'Fox chase', items: clips.map((c) => c.id) })
    // A sequence, not a video "added by hand" (issue 22 item 10).
    expect(item).toMatchObject({ origin: 'sequence', folder: 'Sequences', fileName: 'Fox chase.mp4', width: 96, height: 64, sandbox: true })
    expect(durationSec).toBeCloseTo(3, 5)

    const file = fileOf(item)
    const probe = await ffprobe(file)
    expect(Number(probe.format.duration)).toBeCloseTo(3, 1)
    expect(probe.streams.find((s) => s.codec_type === 'video')?.nb_frames).toBe('72')
    const expected = (await Promise.all(clips.map((c) => packetHashes(fileOf(c))))).flat()
    expect(await packetHashes(file)).toEqual(expected)
    expect(JSON.parse(probe.format.tags?.[SEQUENCE_TAG] ?? '{}')).toMatchObject({ name: 'Fox chase', clips: clips.map((c) => ({ id: c.id, file: c.fileName })) })
    expect(await readdir(stagingDir(t.core.library.folder))).toEqual([])

    // Of which clips, in order, as the video itself says, each with its library item.
    const clipsOf = clips.map((c) => ({ id: c.id, file: c.fileName, item: expect.objectContaining({ id: c.id, prompt: c.prompt }) }))
    expect((await call<LibraryDetail>('library.get', { id: item.id })).sequence).toEqual({ name: 'Fox chase', clips: clipsOf })
    // Marked, it keeps what it is (its first sidecar says so); and an index rebuilt from the folder finds it again.
    expect(await call('library.update', { id: item.id, favourite: true })).toMatchObject({ origin: 'sequence', favourite: true })
    await rm(path.join(t.dir, 'data', 'library-index'), { recursive: true, force: true })
    await t.reopen()
    await t.core.library.validated()
    expect((await call<LibraryDetail>('library.get', { id: item.id })).item).toMatchObject({ origin: 'sequence', favourite: true })
    // A clip gone from the library is still named, by the file it was.
    await call('library.delete', { id: clips[1]!.id })
    expect((await call<LibraryDetail>('library.get', { id: item.id })).sequence?.clips[1]).toEqual({ id: clips[1]!.id, file: clips[1]!.fileName })
  })

  it('joins clips with sound and B-frames (as ffmpeg makes them) so that every frame and sound packet is the clips’ own and it decodes cleanly', async () => {
    t = await startTestCore()
    const made: LibraryItem[] = []
    for (const [i, seconds] of [2, 3].entries()) {
      const file = path.join(t.dir, `sound-${i}.mp4`)
      await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=320x180:rate=24`, '-f', 'lavfi', '-i', `sine=frequency=${440 + i * 220}`, '-t', String(seconds), '-c:v', 'libx264', '-bf', '2', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file])
      made.push((await call<Brought>('library.importPath', { path: file })).item)
    }
    const { item } = await call<{ item: LibraryItem }>('sequences.export', { name: 'With sound', items: made.map((m) => m.id) })
    const file = fileOf(item)
    // Edit lists ignored: each clip's sound starts with encoder priming, kept as it came.
    const streams = async (f: string, map: string): Promise<string[]> => (await run('ffmpeg', ['-v', 'error', '-ignore_editlist', '1', '-i', f, '-map', map, '-c', 'copy', '-f', 'framemd5', '-'])).stdout.split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split(',').at(-1)!)
    for (const map of ['0:v', '0:a']) expect(await streams(file, map)).toEqual([...(await streams(fileOf(made[0]!), map)), ...(await streams(fileOf(made[1]!), map))])
    expect((await run('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-'])).stderr).toBe('')
    expect(Number((await ffprobe(file)).format.duration)).toBeCloseTo(5, 0)
  })

  it('refuses clips that cannot follow each other without re-encoding, naming the clip and how it differs, and keeps nothing', async () => {
    t = await startTestCore()
    const a = await importClip('c1-0', clip)
    const b = await importClip('c2-0', other)
    await expect(call('sequences.export', { name: 'Mixed', items: [a.id, a.id, b.id] })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { problem: { code: 'sequence.clipDiffers', params: { index: 3, name: b.fileName, first: a.fileName, what: 'size', expected: '96×64', found: '64×48' } } },
    })
    await expect(call('sequences.export', { name: 'Gone', items: [a.id, 'nope-0'] })).rejects.toMatchObject({ code: 'NOT_FOUND', details: { problem: { code: 'sequence.clipGone', params: { index: 2, id: 'nope-0' } } } })
    expect((await call<{ total: number }>('library.list', {})).total).toBe(2)
    expect(await readdir(stagingDir(t.core.library.folder))).toEqual([])
  })
})
