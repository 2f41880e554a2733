import type { CoreHandlers } from '../../../shared/contract'
import type { Library } from './library'

type LibraryHandlers = Pick<
  CoreHandlers,
  | 'library.list'
  | 'library.locate'
  | 'library.facets'
  | 'library.get'
  | 'library.update'
  | 'library.delete'
  | 'library.reveal'
  | 'library.open'
  | 'library.reuse'
  | 'library.setPoster'
  | 'library.folder'
  | 'library.rescan'
>

export function libraryHandlers(library: Library): LibraryHandlers {
  return {
    'library.list': (query) => library.list(query),
    'library.locate': ({ id, query }) => library.locate(id, query),
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
