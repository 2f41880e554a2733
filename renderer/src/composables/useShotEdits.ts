import { nextTick, type Ref } from 'vue'
import { useI18n } from 'vue-i18n'
import type { AsideKey } from '@shared/rules/fields'
import type { ShotEdit } from '@/components/storyboard/ShotSettings.vue'
import { useCatalogStore } from '@/stores/catalog'
import { useComposerStore } from '@/stores/composer'
import { type KeyframeSlot, useStoryboardStore } from '@/stores/storyboard'
import { shotAfter } from '@/stores/storyboard-shot'
import { useToastsStore } from '@/stores/toasts'

/**
 * The Storyboard screen's changes to the open board's shots (issue 28 items 1–3): each through the
 * store, each failure said (`fail`), what a change set aside said, the focus kept where the
 * designer works (`row`: the list of cards).
 */
export function useShotEdits(row: Ref<HTMLElement | undefined>, fail: (title: string, error: unknown) => void) {
  const { t } = useI18n()
  const store = useStoryboardStore()
  const toasts = useToastsStore()
  const catalog = useCatalogStore()
  const composer = useComposerStore()
  const board = () => store.open

  async function pick(shot: number, itemId: string): Promise<void> {
    await store.pick(shot, itemId).catch((error: unknown) => fail(t('storyboard.pickFailed'), error))
  }

  async function setPrompt(shot: number, text: string): Promise<void> {
    await store.setPrompt(shot, text).catch((error: unknown) => fail(t('storyboard.saveFailed'), error))
  }

  async function setContinues(shot: number, on: boolean): Promise<void> {
    await store.setContinues(shot, on).catch((error: unknown) => fail(t('storyboard.saveFailed'), error))
  }

  /** What is being changed: a shot's settings, a keyframe, a shot added or removed (one at a time). */
  async function edit(task: () => Promise<void>): Promise<void> {
    await task().catch((error: unknown) => fail(t('storyboard.saveFailed'), error))
  }

  /** A shot's new settings; what its model or mode no longer takes is said, never dropped in silence. */
  async function change(index: number, shotEdit: ShotEdit): Promise<void> {
    let gone: AsideKey[] = []
    await edit(async () => void (gone = await store.setShot(index, shotEdit)))
    if (gone.length) toasts.push({ tone: 'info', title: t('storyboard.shot.gone', { n: index + 1, items: gone.map((key) => t(`create.fields.${key}`)).join(t('create.notice.separator')) }) })
  }

  /** A shot after the last: its model, duration and resolution; the focus goes to its prompt. */
  async function addShot(): Promise<void> {
    await edit(() => store.addShot((shots) => shotAfter(catalog.model(shots[shots.length - 1]?.model ?? ''), shots[shots.length - 1], composer.workspace.modelId)))
    await nextTick()
    const prompts = row.value?.querySelectorAll<HTMLTextAreaElement>('[data-testid=storyboard-prompt]')
    prompts?.[prompts.length - 1]?.focus()
  }

  /** Removes a shot; Undo brings it back in its place with its takes (they stay in the library either way). */
  async function removeShot(index: number): Promise<void> {
    if (!board()?.board.shots[index]) return
    let removed: string | undefined
    await edit(async () => void (removed = await store.removeShot(index)))
    if (removed) {
      const id = removed
      toasts.push({ tone: 'info', title: t('storyboard.shot.removed', { n: index + 1 }), actions: [{ label: t('storyboard.shot.undo'), run: () => void edit(() => store.restoreShot(id)) }] }, 10_000)
    }
    await nextTick()
    row.value?.querySelectorAll<HTMLElement>('[data-testid=storyboard-shot]')[Math.max(0, index - 1)]?.querySelector<HTMLElement>('textarea')?.focus()
  }

  /** A picture for a keyframe place; a reference's place given another picture loses the one it had. */
  const setKeyframe = (index: number, slot: KeyframeSlot, hash: string, replaces?: string) =>
    edit(async () => {
      if (slot === 'refs' && replaces !== undefined) await store.clearKeyframe(index, slot, replaces)
      await store.setKeyframe(index, slot, hash)
    })
  const clearKeyframe = (index: number, slot: KeyframeSlot, path: string) => edit(() => store.clearKeyframe(index, slot, path))

  /** Moves a shot; the focus goes with it (to the same button on its card in its new place). */
  async function move(from: number, to: number): Promise<void> {
    const which = from < to ? 'later' : 'earlier'
    try {
      await store.move(from, to)
    } catch (error) {
      fail(t('storyboard.moveFailed'), error)
      return
    }
    await nextTick()
    const card = row.value?.querySelectorAll<HTMLElement>('[data-testid=storyboard-shot]')[to]
    const button = card?.querySelector<HTMLButtonElement>(`[data-move=${which}]:not(:disabled)`) ?? card?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)')
    button?.focus()
  }

  /** A field another machine overruled: this designer's value back, or theirs kept (the notice goes either way). */
  const setFields = (index: number, set: Parameters<typeof store.setFields>[1]) => edit(() => store.setFields(index, set))

  return { setFields, edit, pick, setPrompt, setContinues, change, addShot, removeShot, setKeyframe, clearKeyframe, move }
}
