import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { LibraryItem } from '@shared/library'
import type { Sequence } from '@shared/sequence'
import { useEngineApi } from '@/api/provide'
import { useNavStore } from './nav'

/** One clip of the open sequence; `key` keeps a clip's place in lists when the same item comes twice. */
export interface SequenceClip {
  key: number
  id: string
  /** Absent when the library no longer has it. */
  item?: LibraryItem
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
  const saved = shallowRef<Sequence[]>([])
  const saving = ref(false)
  const exporting = ref(false)

  const items = computed(() => clips.value.map((clip) => clip.id))
  const playable = computed(() => clips.value.flatMap((clip) => (clip.item ? [clip.item] : [])))
  const durationSec = computed(() => playable.value.reduce((sum, item) => sum + (item.durationSec ?? 0), 0))
  const state = computed(() => JSON.stringify([name.value.trim(), items.value]))
  const dirty = computed(() => clips.value.length > 0 && state.value !== savedAs.value)

  const api = () => useEngineApi().sequences

  async function refreshSaved(): Promise<void> {
    saved.value = await api().list()
  }

  function show(next: SequenceClip[], nextName: string, id?: string): void {
    clips.value = next
    name.value = nextName
    savedId.value = id
    savedAs.value = id ? state.value : undefined
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

  /** A clip deleted from the library stays in the sequence, marked gone (its place is kept). */
  function start(): () => void {
    return useEngineApi().on('library.changed', (change) => {
      if (change.kind !== 'removed') return
      const gone = new Set(change.ids)
      if (clips.value.some((clip) => gone.has(clip.id))) clips.value = clips.value.map((clip) => (gone.has(clip.id) ? { key: clip.key, id: clip.id } : clip))
    })
  }

  return { clips, name, savedId, saved, saving, exporting, items, playable, durationSec, dirty, refreshSaved, openChain, open, startNew, add, remove, move, save, removeSaved, exportMp4, start }
})
