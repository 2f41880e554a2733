import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { LibraryItem } from '@shared/library'
import type { Sequence } from '@shared/sequence'
import { MAX_SEQUENCE_CLIPS } from '@shared/sequence-limits'
import { useEngineApi } from '@/api/provide'
import { useNavStore } from './nav'

/** One clip of the open sequence; `key` keeps a clip's place in lists when the same item comes twice. */
export interface SequenceClip {
  key: number
  id: string
  /** Absent when the library no longer has it. */
  item?: LibraryItem
}

/**
 * The sequence being built, kept in this window's storage as the Create form is (issue 22 item 10:
 * after a reload it was gone): its clips by id, its name, and what it was last saved as.
 */
const STORAGE_KEY = 'reelbox.sequence'
interface Kept {
  items: string[]
  name: string
  savedId?: string
  savedAs?: string
}

const text = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max

/** What this window kept, read back whole or not at all (a damaged or foreign entry is ignored). */
function readKept(): Kept | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<Record<keyof Kept, unknown>> | null
    if (!kept || typeof kept !== 'object') return undefined
    const { items, name, savedId, savedAs } = kept
    if (!Array.isArray(items) || items.length > MAX_SEQUENCE_CLIPS || !items.every((id) => text(id, 200) && id.length > 0)) return undefined
    if (!text(name, 200) || (savedId !== undefined && !text(savedId, 64)) || (savedAs !== undefined && !text(savedAs, 200_000))) return undefined
    return { items, name, ...(savedId !== undefined && { savedId }), ...(savedAs !== undefined && { savedAs }) }
  } catch {
    return undefined
  }
}

let nextKey = 1
const clipOf = (id: string, item?: LibraryItem): SequenceClip => ({ key: nextKey++, id, ...(item ? { item } : {}) })

/**
 * The Sequence screen (issue 16 items 2–3): the clips of the open sequence in order, its name,
 * whether it is saved, the saved sequences of this library, and exporting as one MP4. A chain
 * from the Library opens unsaved; saving writes a small JSON file in the library folder.
 */
export const useSequenceStore = defineStore('sequence', () => {
  const nav = useNavStore()
  const clips = ref<SequenceClip[]>([])
  const name = ref('')
  const savedId = ref<string>()
  /** What was last saved (or opened), to tell whether there are unsaved changes. */
  const savedAs = ref<string>()
  /** What it was when opened from the Library or started (not kept across a reload). */
  const openedAs = ref<string>()
  const saved = shallowRef<Sequence[]>([])
  const saving = ref(false)
  const exporting = ref(false)

  const items = computed(() => clips.value.map((clip) => clip.id))
  const playable = computed(() => clips.value.flatMap((clip) => (clip.item ? [clip.item] : [])))
  const durationSec = computed(() => playable.value.reduce((sum, item) => sum + (item.durationSec ?? 0), 0))
  const state = computed(() => JSON.stringify([name.value.trim(), items.value]))
  const dirty = computed(() => clips.value.length > 0 && state.value !== savedAs.value)
  /** Not saved, and changed since it was opened: the designer's own work, which a chain opened untouched is not. */
  const unsavedWork = computed(() => dirty.value && state.value !== openedAs.value)

  const api = () => useEngineApi().sequences

  async function refreshSaved(): Promise<void> {
    saved.value = await api().list()
  }

  function show(next: SequenceClip[], nextName: string, id?: string): void {
    clips.value = next
    name.value = nextName
    savedId.value = id
    savedAs.value = id ? state.value : undefined
    openedAs.value = state.value
    nav.go('sequence')
  }

  /** The chain an item belongs to, as a new (unsaved) sequence named after its first prompt. */
  async function openChain(itemId: string): Promise<void> {
    const { items: chain } = await useEngineApi().library.chain({ id: itemId })
    show(
      chain.map((item) => clipOf(item.id, item)),
      chain[0]?.prompt.slice(0, 60).trim() ?? '',
    )
  }

  async function open(id: string): Promise<void> {
    const { sequence, clips: found } = await api().get({ id })
    show(
      found.map((clip) => clipOf(clip.id, clip.item)),
      sequence.name,
      sequence.id,
    )
  }

  /** An exported sequence's clips, as it names them, as a new (unsaved) sequence to change and export again. */
  function openClips(clipsOf: ReadonlyArray<{ id: string; item?: LibraryItem }>, nextName: string): void {
    show(
      clipsOf.map((clip) => clipOf(clip.id, clip.item)),
      nextName,
    )
  }

  function startNew(): void {
    show([], '')
  }

  function add(added: readonly LibraryItem[]): void {
    clips.value = [...clips.value, ...added.map((item) => clipOf(item.id, item))]
  }

  function remove(index: number): void {
    clips.value = clips.value.filter((_, i) => i !== index)
  }

  function move(from: number, to: number): void {
    if (from === to || from < 0 || to < 0 || from >= clips.value.length || to >= clips.value.length) return
    const next = [...clips.value]
    const [moved] = next.splice(from, 1)
    next.splice(to, 0, moved!)
    clips.value = next
  }

  /** Saves under the name given (or `fallback` when the field is empty). */
  async function save(fallback: string): Promise<Sequence> {
    saving.value = true
    try {
      if (!name.value.trim()) name.value = fallback
      const sequence = await api().save({ ...(savedId.value ? { id: savedId.value } : {}), name: name.value.trim(), items: items.value })
      savedId.value = sequence.id
      savedAs.value = state.value
      await refreshSaved()
      return sequence
    } finally {
      saving.value = false
    }
  }

  async function removeSaved(id: string): Promise<void> {
    await api().delete({ id })
    if (savedId.value === id) {
      savedId.value = undefined
      savedAs.value = undefined
    }
    await refreshSaved()
  }

  /** One MP4 of the clips, in the library's Sequences folder; answers the new library item. */
  async function exportMp4(fallback: string): Promise<LibraryItem> {
    exporting.value = true
    try {
      return (await api().export({ name: name.value.trim() || fallback, items: items.value })).item
    } finally {
      exporting.value = false
    }
  }

  /** The sequence kept from before the reload, its clips looked up again (one gone since is marked gone). */
  async function restore(): Promise<void> {
    const kept = readKept()
    if (!kept || clips.value.length) return
    const library = useEngineApi().library
    const found = await Promise.all(kept.items.map((id) => library.get({ id }).then((detail) => detail.item, () => undefined)))
    if (clips.value.length) return
    clips.value = kept.items.map((id, i) => clipOf(id, found[i]))
    name.value = kept.name
    savedId.value = kept.savedId
    savedAs.value = kept.savedAs
  }

  function keep(): void {
    if (!clips.value.length && !name.value.trim()) return localStorage.removeItem(STORAGE_KEY)
    const kept: Kept = { items: items.value, name: name.value, ...(savedId.value && { savedId: savedId.value }), ...(savedAs.value !== undefined && { savedAs: savedAs.value }) }
    localStorage.setItem(STORAGE_KEY, JSON.stringify(kept))
  }

  /** A clip deleted from the library stays in the sequence, marked gone (its place is kept). */
  function start(): () => void {
    void restore().finally(() => watch([items, name, savedId, savedAs], keep))
    return useEngineApi().on('library.changed', (change) => {
      if (change.kind !== 'removed') return
      const gone = new Set(change.ids)
      if (clips.value.some((clip) => gone.has(clip.id))) clips.value = clips.value.map((clip) => (gone.has(clip.id) ? { key: clip.key, id: clip.id } : clip))
    })
  }

  return { clips, name, savedId, saved, saving, exporting, items, playable, durationSec, dirty, unsavedWork, refreshSaved, openChain, openClips, open, startNew, add, remove, move, save, removeSaved, exportMp4, start }
})
