import type { Ref } from 'vue'
import { autoUpdate, flip, offset, shift, size, useFloating, type Placement } from '@floating-ui/vue'

/** Space kept between a popover and the window's edge, and between it and what opened it. */
const EDGE = 8
const GAP = 6

export interface PopoverOptions {
  /** Where it opens when there is room (it flips to the other side when there is not). */
  placement?: Placement
  /** As wide as what opened it (a field's suggestion list), never wider than the window allows. */
  matchWidth?: boolean
  /** The tallest it grows to when the window is tall; below that it scrolls inside itself. */
  maxHeight?: number
}

/**
 * Keeps a popover or panel inside the window at every size (issue 22 item 2): placed beside what
 * opened it by floating-ui, flipped above it or shifted sideways when it would run off an edge,
 * and never taller or wider than the room left, so its own content scrolls instead of the panel
 * leaving the screen. `fixed` so no scrolling column or sticky bar around it can clip it. The
 * panel itself sets `overflow: auto` (or scrolls a part of itself) for what does not fit.
 */
export function usePopover(anchor: Readonly<Ref<HTMLElement | undefined>>, floating: Readonly<Ref<HTMLElement | undefined>>, options: PopoverOptions = {}) {
  const { floatingStyles } = useFloating(anchor, floating, {
    placement: options.placement ?? 'bottom-start',
    strategy: 'fixed',
    // top/left, not a transform: the panels' opening animation moves them with a transform of its own.
    transform: false,
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(GAP),
      flip({ padding: EDGE, fallbackAxisSideDirection: 'none' }),
      shift({ padding: EDGE }),
      size({
        padding: EDGE,
        apply({ availableWidth, availableHeight, rects, elements }) {
          const height = Math.max(0, Math.min(availableHeight, options.maxHeight ?? Infinity))
          Object.assign(elements.floating.style, {
            maxWidth: `${Math.max(0, availableWidth)}px`,
            maxHeight: `${height}px`,
            ...(options.matchWidth && { width: `${rects.reference.width}px` }),
          })
        },
      }),
    ],
  })
  return floatingStyles
}
