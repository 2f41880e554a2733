import { mkdir, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MoveProgress } from '../../../shared/contract/library-folder'
import type { LibraryChanged } from '../../../shared/contract/library'
import { createCore, type Core } from '../../../electron/core'
import { createConfSettingsStore } from '../../../electron/node/settings-store'
import { spawnTsx } from '../../support/child'
import { startTestCore, type TestCore } from '../../support/core'
import { useTempDir } from '../../support/temp'
import { makeMp4 } from './support/mp4'
import { openTestLibrary, resultFields, stage } from './support/fixtures'

let mp4: Buffer
let jpeg: Uint8Array
const page = { sort: 'newest' as const, offset: 0, limit: 500 }
const child = path.join(import.meta.dirname, 'support/move-child.ts')

beforeAll(async () => {
  mp4 = await makeMp4()
  jpeg = new Uint8Array(await sharp({ create: { width: 32, height: 18, channels: 3, background: '#335' } }).jpeg().toBuffer())
})

/** Three generated items (in month subfolders, one with a poster) and one video added by hand in a nested folder. */
async function seed(importInto: { importResult: Core['library']['importResult']; folder: string; rescan(): Promise<void> }): Promise<void> {
  for (const [n, prompt] of ['Fox in snow', 'City at night', '雪の中の狐'].entries()) {
    const fields = resultFields({ id: `job${n}-0`, jobId: `job${n}`, prompt, finishedAt: Date.UTC(2025, 1 + n, 14) })
    await importInto.importResult({ ...fields, stagedFile: await stage(importInto.folder, mp4), ...(n === 0 && { poster: jpeg }) })
  }
  await mkdir(path.join(importInto.folder, 'clients', 'acme'), { recursive: true })
  await writeFile(path.join(importInto.folder, 'clients', 'acme', 'hand made.mp4'), mp4)
  await importInto.rescan()
}

/** The designer's files in a folder, relative, sorted (Reelbox's own `.reelbox` corner left out). */
async function filesIn(root: string): Promise<string[]> {
  const all = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
  return all
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
    .filter((rel) => !rel.startsWith('.reelbox/'))
    .sort()
}

function untilMoveEnds(core: Core, seen: MoveProgress[] = []): Promise<MoveProgress> {
  return new Promise((resolve) => {
    const stop = core.events.on('library.moveProgress', (progress) => {
      seen.push(progress)
      if (progress.phase === 'done' || progress.phase === 'failed') {
        stop()
        resolve(progress)
      }
    })
  })
}

const ids = async (core: Core): Promise<string[]> => ((await core.call('library.list', page)) as { items: Array<{ id: string }> }).items.map((i) => i.id).sort()

describe('moving the library to another folder', () => {
  let t: TestCore
  beforeAll(async () => {
    t = await startTestCore()
    await seed(t.core.library)
  })
  afterAll(() => t.dispose())

  it('refuses a target that is the library, inside it, not empty, or not absolute, naming the field', async () => {
    const from = t.core.library.folder
    const full = path.join(t.dir, 'full')
    await mkdir(full, { recursive: true })
    await writeFile(path.join(full, 'notes.txt'), 'mine')
    for (const [to, refused] of [
      [from, { code: 'move.refused', params: { why: 'same' } }],
      [path.join(from, 'inner'), { code: 'move.refused', params: { why: 'inside' } }],
      [full, { code: 'move.refused', params: { why: 'notEmpty', count: 1 } }],
      ['videos/reelbox', { code: 'input.invalid', params: { reason: 'must be an absolute folder path' } }],
    ] as const) {
      await expect(t.core.call('library.move', { to })).rejects.toMatchObject({ code: 'INVALID_INPUT', details: { fields: { to: [refused] } } })
    }
    expect(t.core.library.folder).toBe(from)
    expect(await t.core.call('library.moveStatus')).toBeNull()
  })

  it('moves every item with its sidecar, poster and subfolder, reports progress, and switches to the new folder', async () => {
    const from = t.core.library.folder
    // Held from before the switch, as Electron's media scheme holds it for the app's lifetime.
    const respondMedia = t.core.library.respondMedia
    const before = await ids(t.core)
    const filesBefore = await filesIn(from)
    expect(before).toHaveLength(4)
    expect(filesBefore.filter((f) => f.endsWith('.jpg'))).toHaveLength(1)
    const changes: LibraryChanged[] = []
    t.core.events.on('library.changed', (change) => changes.push(change))
    const seen: MoveProgress[] = []
    const ended = untilMoveEnds(t.core, seen)

    const to = path.join(t.dir, 'Moved Library')
    const started = (await t.core.call('library.move', { to })) as MoveProgress
    expect(started).toMatchObject({ from, to, phase: 'copying', done: 0, total: filesBefore.length, items: 4 })
    expect(await ended).toMatchObject({ phase: 'done', items: 4 })
    expect(seen.map((p) => p.phase).filter((phase, i, all) => phase !== all[i - 1])).toEqual(['copying', 'switching', 'cleaning', 'done'])
    expect(seen.filter((p) => p.phase === 'copying').at(-1)).toMatchObject({ done: filesBefore.length, total: filesBefore.length })

    expect(await filesIn(to)).toEqual(filesBefore)
    expect(await filesIn(from)).toEqual([])
    expect(t.core.library.folder).toBe(to)
    expect(t.core.settings.current().libraryDir).toBe(to)
    expect(await t.core.call('app.info')).toMatchObject({ libraryDir: to })
    expect(await t.core.call('library.folder')).toMatchObject({ path: to, items: 4 })
    expect(await ids(t.core)).toEqual(before)
    expect(changes).toContainEqual({ kind: 'reset', ids: [] })
    expect(await t.core.call('library.moveStatus')).toMatchObject({ phase: 'done', to })

    // Media is served from the new folder, the poster too.
    for (const [kind, id] of [['video', 'job1-0'], ['poster', 'job0-0']] as const) {
      for (const respond of [t.core.library.respondMedia, respondMedia]) {
        const answer = await respond(kind, id)
        answer.body?.destroy()
        expect(answer.status).toBe(200)
      }
    }
    // A download that was staged in the old folder before the switch still lands in the library.
    const late = resultFields({ id: 'late-0', jobId: 'late', prompt: 'Finished during the move', finishedAt: Date.UTC(2025, 5, 1) })
    await t.core.library.importResult({ ...late, stagedFile: await stage(from, mp4) })
    expect(await ids(t.core)).toContain('late-0')
    expect((await filesIn(to)).some((f) => f.includes('finished-during-the-move'))).toBe(true)
  })

  it('opens another folder when settings.libraryDir changes, and back', async () => {
    const other = openTestLibrary(await useTempDir('reelbox-lib-'), {})
    await seed(other.library)
    await other.dispose()
    const previous = t.core.library.folder
    await t.core.call('settings.update', { libraryDir: other.root })
    await expect.poll(() => t.core.library.folder).toBe(other.root)
    expect(await ids(t.core)).toEqual(['job0-0', 'job1-0', 'job2-0', expect.stringMatching(/^added-/)].sort())
    await t.core.call('settings.update', { libraryDir: previous })
    await expect.poll(() => t.core.library.folder).toBe(previous)
    expect(await ids(t.core)).toContain('late-0')
  })
})

describe('choosing a folder', () => {
  it('asks the shell’s native dialog where there is one, and says so where there is none', async () => {
    const asked: unknown[] = []
    const withDialog = await startTestCore({ shell: { chooseFolder: async (options) => (asked.push(options), '/Volumes/Studio/Reelbox') } })
    const without = await startTestCore()
    try {
      expect(await withDialog.core.call('app.chooseFolder', { title: 'Choose the library folder' })).toEqual({ supported: true, path: '/Volumes/Studio/Reelbox' })
      expect(asked).toEqual([{ title: 'Choose the library folder', defaultPath: undefined }])
      expect(await without.core.call('app.chooseFolder')).toEqual({ supported: false, path: null })
    } finally {
      await withDialog.dispose()
      await without.dispose()
    }
  })
})

describe('a move interrupted by a crash', () => {
  it.each([
    ['copying', 3],
    ['cleaning', 2],
  ] as const)('a real engine SIGKILLed while %s (after %i files) leaves a complete library, and the next start finishes the move', async (phase, at) => {
    const dir = await useTempDir('reelbox-move-')
    const data = path.join(dir, 'data')
    const seeded = openTestLibrary(dir)
    await seed(seeded.library)
    await seeded.dispose()
    const all = await filesIn(seeded.root)

    const proc = spawnTsx(child, { args: [dir, phase, String(at)] })
    await proc.waitForLine((line) => line === 'STOP')
    expect((await proc.kill('SIGKILL')).signal).toBe('SIGKILL')

    // Whichever folder the settings name, a scan of it (no index: a fresh data folder) shows every item once.
    const named = (createConfSettingsStore(data).read() as { libraryDir?: string | null } | undefined)?.libraryDir ?? seeded.root
    expect(named).toBe(phase === 'copying' ? seeded.root : path.join(dir, 'moved'))
    const scan = async (library: string): Promise<string[]> => {
      const opened = openTestLibrary(await useTempDir('reelbox-lib-'), { library })
      const found = (await opened.library.list(page)).items.map((i) => i.id).sort()
      await opened.dispose()
      return found
    }
    const complete = await scan(named)
    expect(complete).toHaveLength(4)
    // The other folder, half copied or half emptied, never shows a video as something it is not.
    const other = await scan(named === seeded.root ? path.join(dir, 'moved') : seeded.root)
    expect(complete).toEqual(expect.arrayContaining(other))

    // The next start finds the journal and finishes the move.
    const core = await createCore({
      host: { shell: 'cli', version: '0.0.0-test', runtime: 'node' },
      paths: { data, library: seeded.root },
      settings: createConfSettingsStore(data),
      heartbeatMs: 0,
      resumeJobs: false,
    })
    try {
      await expect.poll(async () => ((await core.call('library.moveStatus')) as MoveProgress | null)?.phase, { timeout: 15_000 }).toBe('done')
      expect(core.library.folder).toBe(path.join(dir, 'moved'))
      expect(await filesIn(path.join(dir, 'moved'))).toEqual(all)
      expect(await filesIn(seeded.root)).toEqual([])
      expect(await ids(core)).toHaveLength(4)
    } finally {
      await core.dispose()
    }
  })
})
