import type { Handlers } from '../../../shared/contract/define'
import type { libraryClipsProcedures } from '../../../shared/contract/library-clips'
import type { Library } from '../library/library'
import { assertMayNamePaths } from './callers'

/** Lineage and videos brought in by hand. `maxBytes`: Settings → Jobs' largest result. */
export function libraryClipsHandlers(library: Library, maxBytes: () => number): Handlers<typeof libraryClipsProcedures> {
  return {
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
