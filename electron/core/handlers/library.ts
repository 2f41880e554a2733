import type { Handlers } from '../../../shared/contract/define'
import type { libraryProcedures } from '../../../shared/contract/library'
import type { Library } from '../library/library'

/** The pages, a place in them and the filters' choices stop early when their caller cancels (`signal`). */
export function libraryHandlers(library: Library): Handlers<typeof libraryProcedures> {
  return {
    'library.list': (query, { signal }) => library.list(query, signal),
    'library.locate': ({ id, query }, { signal }) => library.locate(id, query, signal),
    'library.facets': () => library.facets(),
    'library.get': ({ id }) => library.get(id),
    'library.update': (patch) => library.update(patch),
    'library.delete': ({ id }) => library.delete(id),
    'library.reveal': ({ id }) => library.reveal(id),
    'library.open': ({ id }) => library.open(id),
    'library.reuse': ({ id }) => library.reuse(id),
    'library.setPoster': ({ id, bytes }) => library.setPoster(id, bytes),
    'library.folder': async () => library.info(),
    'library.rescan': async () => (await library.rescan(), library.info()),
  }
}
