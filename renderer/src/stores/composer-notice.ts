import { computed, shallowRef, watch, type ComputedRef } from 'vue'
import type { Mode } from '@shared/catalog'
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
 * the library): what it did, what it cleared, what the new choice will not send, what it keeps for
 * another mode (said quietly: no loss), and Undo, which puts the form back as it was. Nothing
 * changes the form silently.
 */
export interface FormNotice {
  reuse?: ReuseKind
  /** What the form's model and mode will not send of what the designer set for this mode. */
  aside: AsideKey[]
  /** Images of another mode, kept for it. */
  kept: AsideKey[]
  /** The other models "Compare on…" had, cleared by this change (issue 22 item 4), the form's own left out. */
  cleared: string[]
  /**
   * The one image slot every mode shares under its own name (a first frame, a subject image...):
   * after a switch, what it was called and what it is called now, when the name changed and the
   * image goes with the new mode (issue 22 item 8: it moved into "Subject image" silently).
   */
  moved?: { from: Mode; to: Mode }
  undo: Workspace
}

interface Change {
  reuse?: ReuseKind
  cleared: string[]
  undo: Workspace
  /** Whether the form sent its image before the change (one only kept for another mode was not named by that mode). */
  imageSent: boolean
}

/**
 * The notice's state. `aside` and `kept` are the engine's answer for the form as it is now, so the
 * notice never says what has stopped being true; a reuse or a clearing is said even when nothing
 * was set aside, a switch only when something was. It describes one change: the next change
 * replaces it, and a Generate or leaving Create ends it (`dismiss`; issue 22 item 5).
 */
export function createFormNotice(
  workspace: Workspace,
  answer: ComputedRef<{ aside: readonly AsideKey[]; kept: readonly AsideKey[]; mode?: Mode; sendsImage: boolean }>,
  referencesShown: ComputedRef<boolean>,
  restoreCompare: (ids: readonly string[]) => void,
) {
  const since = shallowRef<Change>()
  // Whether the form sent its image, by the engine's last answer (by a switch's time the current
  // answer is already the new mode's, still to come).
  let lastAnswer: { mode?: Mode; sendsImage: boolean } = { sendsImage: false }
  watch(answer, (now) => void (now.mode && (lastAnswer = { mode: now.mode, sendsImage: now.sendsImage })), { immediate: true })

  const notice = computed<FormNotice | undefined>(() => {
    const changed = since.value
    if (!changed) return undefined
    // An unlocked seed is a random one nobody chose: losing it is not worth a word. Reference
    // images that wait their turn are said beside them (ReferenceImages) while their slot shows.
    const aside = answer.value.aside.filter((key) => (key !== 'seed' || workspace.seedLocked) && (key !== 'references' || !referencesShown.value))
    const kept = [...answer.value.kept]
    // The model the form has now is not "cleared", even when it was among the others before.
    const cleared = changed.cleared.filter((id) => id !== workspace.modelId)
    const moved = movedImage(changed)
    const said = aside.length > 0 || kept.length > 0 || cleared.length > 0 || changed.reuse !== undefined || moved !== undefined
    return said ? { ...changed, aside, kept, cleared, ...(moved && { moved }) } : undefined
  })

  /**
   * A switch of mode that keeps the image under another name, once the engine's answer for the new
   * mode says it is sent. Where it sat hidden (first-and-last mode shows no such slot) or only kept
   * for another mode (Text mode keeps a continued frame for First frame) it was a first frame: back
   * in First frame it is home, not moved.
   */
  function movedImage(changed: Change): { from: Mode; to: Mode } | undefined {
    const before = changed.undo
    if (changed.reuse || before.mode === workspace.mode || !before.image || !workspace.image) return undefined
    if (answer.value.mode !== workspace.mode || !answer.value.sendsImage) return undefined
    const from = before.mode === 'first-last' || !changed.imageSent ? 'i2v' : before.mode
    // Each mode names the slot its own way (create.slots.image): another mode, another name.
    return from === workspace.mode ? undefined : { from, to: workspace.mode }
  }

  return {
    notice,
    /** Remembers the form as it was (a copy, `copyWorkspace`) before a change the designer may want to take back. */
    changed(before: Workspace, reuse?: ReuseKind, cleared: readonly string[] = []): void {
      const imageSent = lastAnswer.mode === before.mode && lastAnswer.sendsImage
      since.value = { undo: before, cleared: [...cleared], imageSent, ...(reuse && { reuse }) }
    },
    undo(): void {
      const change = since.value
      if (!change) return
      Object.assign(workspace, change.undo)
      if (change.cleared.length) restoreCompare(change.cleared)
      since.value = undefined
    },
    dismiss: (): void => void (since.value = undefined),
    /** The workspace Undo would bring back, whose images must keep their previews. */
    held: (): Workspace | undefined => since.value?.undo,
  }
}
