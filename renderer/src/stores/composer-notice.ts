import { computed, shallowRef, type ComputedRef } from 'vue'
import type { AsideKey } from '@shared/rules/fields'
import type { Workspace } from './composer-workspace'

/**
 * What a library "reuse" action put into the form (the Library's buttons: prompt, images, all,
 * remix), or a video's frame did (`continue`: "Continue from last frame"; `frame`: a dropped video
 * without settings).
 */
export type ReuseKind = 'prompt' | 'images' | 'all' | 'remix' | 'continue' | 'frame'

/**
 * Said after the form changed under the designer's hands (a switch of model or mode, a reuse from
 * the library): what it did, what the new choice will not send (kept in case they switch back),
 * and Undo, which puts the form back as it was. Nothing changes the form silently.
 */
export interface FormNotice {
  reuse?: ReuseKind
  aside: AsideKey[]
  undo: Workspace
}

/**
 * The notice's state. `aside` is the engine's answer for the form as it is now; a reuse is said
 * even when nothing was set aside, a switch only when something was.
 */
export function createFormNotice(workspace: Workspace, aside: ComputedRef<readonly AsideKey[]>, referencesShown: ComputedRef<boolean>) {
  const since = shallowRef<{ reuse?: ReuseKind; undo: Workspace }>()

  const notice = computed<FormNotice | undefined>(() => {
    const changed = since.value
    if (!changed) return undefined
    // An unlocked seed is a random one nobody chose: losing it is not worth a word. Reference
    // images that wait their turn are said beside them (ReferenceImages) while their slot shows.
    const words = aside.value.filter((key) => (key !== 'seed' || workspace.seedLocked) && (key !== 'references' || !referencesShown.value))
    return words.length > 0 || changed.reuse ? { ...changed, aside: words } : undefined
  })

  return {
    notice,
    /** Remembers the form as it was (a copy, `copyWorkspace`) before a change the designer may want to take back. */
    changed(before: Workspace, reuse?: ReuseKind): void {
      since.value = { undo: before, ...(reuse && { reuse }) }
    },
    undo(): void {
      if (!since.value) return
      Object.assign(workspace, since.value.undo)
      since.value = undefined
    },
    dismiss: (): void => void (since.value = undefined),
    /** The workspace Undo would bring back, whose images must keep their previews. */
    held: (): Workspace | undefined => since.value?.undo,
  }
}
