import { nativeImage, type WebContents } from 'electron'
import { AppError } from '../../shared/errors'
import { say } from '../../shared/locales'

/**
 * The shell's `startDrag` (ShellPort): a native drag of a library video out of the window, so it
 * can be dropped into an editor, a chat or the desktop. The page asks on `dragstart` through
 * `library.startDrag`; the poster, shrunk, is what follows the pointer.
 */
export function startDragFrom(contents: () => WebContents | undefined): (file: string, icon?: string) => Promise<void> {
  return async (file, icon) => {
    const target = contents()
    if (!target) throw new AppError('NOT_FOUND', say('en', 'desktop.refused.noWindow'))
    const poster = icon ? nativeImage.createFromPath(icon) : nativeImage.createEmpty()
    // macOS refuses a drag with an empty image: a neutral 16:9 swatch stands in for a missing poster.
    const image = poster.isEmpty() ? nativeImage.createFromBitmap(Buffer.alloc(64 * 36 * 4, 0x60), { width: 64, height: 36 }) : poster.resize({ width: 160 })
    target.startDrag({ file, icon: image })
  }
}
