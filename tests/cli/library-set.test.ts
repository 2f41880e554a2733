import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sidecarOf } from '../../electron/core/library/naming'
import type { LibraryDetail } from '../../shared/contract/library'
import type { LibraryItem } from '../../shared/library'
import { makeMp4 } from '../core/library/support/mp4'
import { newTestLibrary, openTestLibrary, resultFields, stage } from '../core/library/support/fixtures'
import { reelbox as run } from '../support/reelbox'
import { useTempDir } from '../support/temp'

/** `reelbox library set` (issue 27) as a script runs it: a real process on a library the importer wrote. */
let dir: string
let library: string
let item: LibraryItem
let cleanup: () => Promise<void>
/** The data folder of the machine that made the item: its sidecar's writer. */
let maker: string

const reelbox = (args: string[]) => run(args, { REELBOX_DATA_DIR: path.join(dir, 'data'), REELBOX_SECRET_STORE: 'session' })

beforeAll(async () => {
  dir = await useTempDir('reelbox-cli-set-')
  const t = await newTestLibrary({ madeBy: () => ({ user: 'mei', machine: 'studio-mac-1' }) })
  library = t.root
  item = await t.library.importResult({ ...resultFields({ id: 'set1-0', jobId: 'set1' }), stagedFile: await stage(t.root, await makeMp4({ width: 64, height: 48, frames: 12 })) })
  await t.dispose()
  cleanup = t.cleanup
  maker = t.dir
})
afterAll(() => cleanup())

describe('reelbox library set', () => {
  it('marks an item, prints it as show --json does, and its sidecar shows it once its writer opens the library', async () => {
    const set = await reelbox(['library', 'set', item.id, '--favourite', '--rating', '4', '--tag', 'client x', '--tag', 'fox', '--json', '--library', library])
    expect(set.code, set.stderr).toBe(0)
    const printed = JSON.parse(set.stdout) as LibraryDetail
    expect(printed.item).toMatchObject({ id: item.id, favourite: true, rating: 4, tags: ['client x', 'fox'] })
    const shown = JSON.parse((await reelbox(['library', 'show', item.id, '--json', '--library', library])).stdout) as LibraryDetail
    expect(shown).toEqual(printed)

    const again = await reelbox(['library', 'set', item.id, '--no-favourite', '--untag', 'fox', '--library', library])
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toContain('#client x')
    // The command wrote its own machine's change log; the sidecar is the view the machine that
    // made the video keeps, rewritten when its engine next reads the other machines' changes.
    const file = sidecarOf(path.join(library, item.folder, item.fileName))
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ favourite: false, rating: 0, tags: [] })
    const writer = openTestLibrary(maker, { library })
    try {
      await writer.library.rescan()
      expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ favourite: false, rating: 4, tags: ['client x'] })
    } finally {
      await writer.dispose()
    }
  })

  it('lists who made each item (ls --json)', async () => {
    const list = JSON.parse((await reelbox(['library', 'ls', '--json', '--library', library])).stdout) as { items: LibraryItem[] }
    expect(list.items.find((i) => i.id === item.id)?.madeBy).toEqual({ user: 'mei', machine: 'studio-mac-1' })
  })

  it('answers 6 for an unknown id and 2 for a bad flag, naming it', async () => {
    const unknown = await reelbox(['library', 'set', 'no-such-item', '--favourite', '--library', library])
    expect(unknown.code).toBe(6)
    expect(unknown.stderr).toContain('id: no such item')
    const rating = await reelbox(['library', 'set', item.id, '--rating', '9', '--library', library])
    expect(rating.code).toBe(2)
    expect(rating.stderr).toContain('--rating')
    const both = await reelbox(['library', 'set', item.id, '--favourite', '--no-favourite', '--library', library])
    expect(both.code).toBe(2)
    expect(both.stderr).toContain('--no-favourite')
    const nothing = await reelbox(['library', 'set', item.id, '--library', library])
    expect(nothing.code).toBe(2)
  })
})
