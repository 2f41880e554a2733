import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { LibraryItem } from '@shared/library'
import type { ShotEdit, StoryboardView } from '@shared/contract/storyboards'
import type { AsideKey } from '@shared/rules/fields'
import type { Problem } from '@shared/rules/problems'
import type { StoryboardShot } from '@shared/storyboard'
import { fieldsChanged } from '@shared/rules/shot-edit'

/** Where a keyframe goes on a shot: its first frame (i2v), first or last (first & last), or one more reference. */
export type KeyframeSlot = 'image' | 'first' | 'last' | 'refs'
import { useEngineApi } from '@/api/provide'

/** A board of the library's `Storyboards/` folder, as the list shows it. */
export interface BoardSummary {
  name: string
  title: string
  shots: number
}

/**
 * The Storyboard screen (issue 28 item 3): the library's boards, the one open with each shot's
 * state and takes, Generate all (every new or stale shot, in order) and the film's export. The
 * engine owns the board and its takes; this store holds what it last answered.
 */
export const useStoryboardStore = defineStore('storyboard', () => {
  const boards = shallowRef<BoardSummary[]>([])
  const listed = ref(false)
  const open = shallowRef<StoryboardView>()
  const generating = ref(false)
  const exporting = ref(false)
  /** The shot Regenerate is making another take of (the shots continuing from it follow). */
  const remaking = ref<number>()

  const api = () => useEngineApi().storyboards
  /** Every shot has a take: the film can be joined. */
  const complete = computed(() => open.value !== undefined && open.value.shots.every((shot) => shot.picked !== null))
  /** The picked takes in order, to play through; empty until every shot has one. */
  const film = shallowRef<LibraryItem[]>([])
  const toMake = computed(() => open.value?.shots.filter((shot) => shot.state !== 'made' && !shot.making).length ?? 0)
  /** Generate all under way: asked here, or by a page before this one (a reload) that the engine still runs for. */
  const busy = computed(() => generating.value || open.value?.running === true)

  // A take gone from the library has no video to play: the film waits until the shot has one again.
  const playable = computed(() => complete.value && open.value!.shots.every((shot) => shot.state !== 'missing'))
  const pickedIds = computed(() => (playable.value ? open.value!.shots.map((shot) => shot.picked!) : []))
  // Only when the takes in play change (not on every answer of the engine), so the player keeps its place.
  watch(
    () => pickedIds.value.join(' '),
    async () => {
      const ids = pickedIds.value
      const items = await Promise.all(ids.map(async (id) => (await useEngineApi().library.get({ id })).item)).catch(() => [])
      // The same takes still (the board may have been read again meanwhile, as another machine changed it).
      if (ids.join(' ') === pickedIds.value.join(' ')) film.value = items
    },
  )

  // Lists asked for overlap (a change here, another machine's there): only the latest one asked shows.
  let asked = 0
  async function refresh(): Promise<void> {
    const mine = ++asked
    const list = await api().list()
    if (mine !== asked) return
    boards.value = list
    listed.value = true
  }

  // Boards asked for overlap too (the screen coming back reopens the one it had as another is
  // clicked): the one asked last opens.
  let shown = 0
  async function show(name: string): Promise<void> {
    const mine = ++shown
    const read = await api().get({ name })
    if (mine === shown) open.value = read
  }

  /**
   * Makes every new or stale shot, or with `shot` another take of that one (picked) and of the
   * shots continuing from it; answers when each has its take or cannot have one (the problems, by shot).
   */
  async function generate(shot?: number): Promise<{ index: number; problem: Problem }[]> {
    const board = open.value
    if (!board || busy.value) return []
    generating.value = true
    remaking.value = shot
    try {
      const { shots } = await api().run({ name: board.name, ...(shot !== undefined && { shot }) })
      return shots.flatMap((s) => (s.problem ? [{ index: s.index, problem: s.problem }] : []))
    } finally {
      generating.value = false
      remaking.value = undefined
      // What was made stays made even when a later shot failed: show it, if it is still the board open.
      if (open.value?.name === board.name) await show(board.name).catch(() => undefined)
      await refresh().catch(() => undefined)
    }
  }

  /**
   * Changes to the open board, one at a time, each made on the board as the one before left it: a
   * prompt written as the field is left and a duration chosen at once must both land.
   */
  let writes: Promise<unknown> = Promise.resolve()
  function change(task: (board: StoryboardView) => Promise<StoryboardView | undefined>): Promise<void> {
    const next = writes.then(async () => {
      const board = open.value
      const answer = board && (await task(board))
      // Another board opened meanwhile stays open.
      if (answer && open.value?.name === board.name) open.value = answer
    })
    writes = next.catch(() => undefined)
    return next
  }

  /** The shot at `index` of the board as the page shows it, by its id: the engine finds it wherever it is now. */
  const idOf = (board: StoryboardView, index: number): string => board.shots[index]!.id

  /** Plays another of a shot's takes in the film; the shots continuing from it become stale. */
  async function pick(shot: number, itemId: string): Promise<void> {
    await change((board) => api().pick({ name: board.name, shot: idOf(board, shot), itemId }))
  }

  /**
   * One shot changed: only the fields the change sets are sent (a field taken out as null), so
   * what another machine changed meanwhile, on this shot or another, stays. The engine answers
   * each shot's state (this one goes stale).
   */
  async function saveShot(index: number, edit: (shot: StoryboardShot) => StoryboardShot): Promise<void> {
    await change(async (board) => {
      const set = fieldsChanged(board.board.shots[index]!, edit(board.board.shots[index]!))
      return Object.keys(set).length ? api().edit({ name: board.name, shot: idOf(board, index), set }) : undefined
    })
  }

  async function setPrompt(index: number, prompt: string): Promise<void> {
    await saveShot(index, (shot) => ({ ...shot, prompt }))
  }

  /**
   * A shot continues the one before (image-to-video on its last frame) or starts on its own (text
   * to video). Only a shot with no pictures of its own can continue: nothing is dropped here.
   */
  async function setContinues(index: number, on: boolean): Promise<void> {
    await saveShot(index, ({ continues: _was, ...shot }) => (on ? { ...shot, mode: 'i2v', continues: true } : { ...shot, mode: 't2v' }))
  }

  /**
   * The card's change of a shot's settings (its model's rules applied: storyboard-shot.ts), made on
   * the shot as it then is; answers what the model or mode no longer takes.
   */
  async function setShot(index: number, edit: (shot: StoryboardShot) => { shot: StoryboardShot; gone: AsideKey[] }): Promise<AsideKey[]> {
    let gone: AsideKey[] = []
    await saveShot(index, (shot) => {
      const next = edit(shot)
      gone = next.gone
      return next.shot
    })
    return gone
  }

  /** New board: named after its title by the engine, with one shot to start from; it opens. */
  async function create(title: string, first: StoryboardShot): Promise<void> {
    const made = await api().create({ board: { title, shots: [first] } })
    await writes
    open.value = made
    await refresh()
  }

  /** A shot after the last, made from the board's shots as they then are. */
  async function addShot(make: (shots: readonly StoryboardShot[]) => StoryboardShot): Promise<void> {
    await change((board) => api().addShot({ name: board.name, shot: make(board.board.shots) }))
    followList()
  }

  /** Removes a shot and its takes (the videos stay in the library); answers its id, for Undo. */
  async function removeShot(index: number): Promise<string | undefined> {
    let removed: string | undefined
    await change((board) => api().removeShot({ name: board.name, shot: (removed = idOf(board, index)) }))
    followList()
    return removed
  }

  /** Undo of a removal: the shot back where it was, with its takes, whatever changed meanwhile. */
  async function restoreShot(id: string): Promise<void> {
    await change((board) => api().restoreShot({ name: board.name, shot: id }))
    followList()
  }

  /** Sets fields of one shot as given (the value another machine overruled, taken back or kept). */
  async function setFields(index: number, set: ShotEdit): Promise<void> {
    await change((board) => api().edit({ name: board.name, shot: idOf(board, index), set }))
  }

  /**
   * The saved list's shot counts follow a change without holding it up: the new card is there to
   * type in the moment the engine answers (keys typed while a list was re-read went nowhere).
   */
  function followList(): void {
    refresh().catch(() => undefined)
  }

  /** A keyframe taken into the input store (by hash), kept beside the board and named in the shot. */
  async function setKeyframe(index: number, slot: KeyframeSlot, hash: string): Promise<void> {
    await change((board) => api().keyframe({ name: board.name, shot: idOf(board, index), slot, hash }))
  }

  /** Takes a keyframe out of the shot (its file stays beside the board). */
  async function clearKeyframe(index: number, slot: KeyframeSlot, path: string): Promise<void> {
    await saveShot(index, (shot) => {
      if (slot !== 'refs') {
        const { [slot]: _gone, ...rest } = shot
        return rest
      }
      const { refs, ...rest } = shot
      const left = (refs ?? []).filter((ref) => ref !== path)
      return left.length ? { ...rest, refs: left } : rest
    })
  }

  /** Moves a shot, its takes with it (a shot that lands first continues nothing). */
  async function move(from: number, to: number): Promise<void> {
    await change((board) => api().move({ name: board.name, shot: idOf(board, from), to }))
  }

  /** Renames the open board: its file, its takes and keyframes, and its title; the list follows. */
  async function rename(to: string): Promise<void> {
    await change((board) => api().rename({ name: board.name, to }))
    await refresh()
  }

  /** One resolution for every shot (those already making it are left alone); the shots it changes go stale. */
  async function setResolution(resolution: string): Promise<void> {
    await change((board) => api().resolution({ name: board.name, resolution }))
  }

  /**
   * A take of the open board deleted (in the Library, or on another machine, seen by the folder's
   * check): the board is read again, after the changes under way, so the shot says it at once.
   */
  function followLibrary(): () => void {
    return useEngineApi().on('library.changed', (changed) => {
      const gone = new Set(changed.kind === 'removed' ? changed.ids : [])
      const uses = (board: StoryboardView) => board.shots.some((shot) => [...shot.takes, shot.picked].some((id) => id !== null && gone.has(id)))
      if (open.value && uses(open.value)) void change(async (board) => (uses(board) ? api().get({ name: board.name }) : undefined)).catch(() => undefined)
    })
  }

  async function exportFilm(): Promise<LibraryItem> {
    const board = open.value
    if (!board) throw new Error('No storyboard is open.')
    exporting.value = true
    try {
      return (await api().export({ name: board.name })).item
    } finally {
      exporting.value = false
    }
  }

  /**
   * Another machine changed a board (or the CLI did): the open one is read again, so the page
   * follows the studio live; the list's titles and counts follow too.
   */
  function start(): () => void {
    return useEngineApi().on('storyboards.changed', ({ boards: changed }) => {
      const board = open.value
      // Read again only while that board is still the one open (another may be opened meanwhile).
      if (board?.board.id && changed.includes(board.board.id))
        void change(async (now) => {
          if (now.name !== board.name) return undefined
          const read = await api().get({ name: now.name })
          return open.value?.name === read.name ? read : undefined
        }).catch(() => undefined)
      if (listed.value) followList()
    })
  }

  return { start, boards, listed, open, generating, busy, remaking, exporting, complete, film, toMake, refresh, show, generate, pick, setPrompt, setContinues, setShot, create, addShot, removeShot, setKeyframe, clearKeyframe, move, rename, setResolution, exportFilm, followLibrary, restoreShot, setFields }
})
