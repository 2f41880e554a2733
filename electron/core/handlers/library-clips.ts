import type { Handlers } from '../../../shared/contract/define'
import type { libraryClipsProcedures } from '../../../shared/contract/library-clips'
import { frameName } from '../../../shared/media'
import type { InputStore } from '../images/store'
import type { Library } from '../library/library'
import type { FrameReader } from '../media/last-frame'
import { assertMayNamePaths } from './callers'

/** Lineage, last frames and videos brought in by hand. `maxBytes`: Settings → Jobs' largest result. */
export function libraryClipsHandlers(library: Library, maxBytes: () => number, frames: FrameReader, inputs: Pick<InputStore, 'import'>): Handlers<typeof libraryClipsProcedures> {
  return {
    'library.lastFrame': async ({ id }) => {
      const { file, item } = await library.videoFile(id)
      const frame = await frames.lastFrame(file, item.fileName)
      const image = await inputs.import({ name: frameName(item.fileName, frame.atSeconds), bytes: frame.png })
      return { image, atSeconds: frame.atSeconds }
    },
    'library.lineage': ({ id }) => library.lineage(id),
    'library.chain': async ({ id }) => ({ items: await library.chain(id) }),
    'library.import': ({ name, bytes }) => library.importVideo({ name, bytes }, { maxBytes: maxBytes() }),
    'library.importPath': async ({ path }, ctx) => {
      assertMayNamePaths(ctx)
      return library.importVideo({ path }, { maxBytes: maxBytes() })
    },
    'library.recall': ({ settings }) => library.recall(settings),
  }
}
