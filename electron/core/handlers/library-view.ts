import type { Handlers } from '../../../shared/contract/define'
import type { libraryViewProcedures } from '../../../shared/contract/library-view'
import type { Library } from '../library/library'

/** What the Library screen lays out (per-day counts) and hands on (a drag, an export). */
export function libraryViewHandlers(library: Library): Handlers<typeof libraryViewProcedures> {
  return {
    'library.days': (query, { signal }) => library.days(query, signal),
    'library.startDrag': ({ id }) => library.startDrag(id),
    'library.export': ({ ids, title }) => library.export(ids, title),
  }
}
