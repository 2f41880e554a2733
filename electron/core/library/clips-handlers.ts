import type { CoreHandlers } from '../../../shared/contract'
import { assertMayNamePaths } from '../images/handlers'
import type { Library } from './library'

type ClipHandlers = Pick<CoreHandlers, 'library.lineage' | 'library.chain' | 'library.import' | 'library.importPath' | 'library.recall'>

/** Lineage and videos brought in by hand (shared/contract/library-clips.ts). `maxBytes`: Settings → Jobs' largest result. */
export function clipHandlers(library: Library, maxBytes: () => number): ClipHandlers {
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
