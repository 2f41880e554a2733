import type { Handlers } from '../../../shared/contract/define'
import type { libraryFolderProcedures } from '../../../shared/contract/library-folder'
import type { LibraryMover } from '../library/move'
import type { ShellPort } from '../ports'

/** Choosing and moving the library folder. */
export function libraryFolderHandlers(mover: LibraryMover, shell: ShellPort | undefined): Handlers<typeof libraryFolderProcedures> {
  return {
    'app.chooseFolder': async (input) => {
      const choose = shell?.chooseFolder?.bind(shell)
      if (!choose) return { supported: false, path: null }
      return { supported: true, path: (await choose({ title: input?.title, defaultPath: input?.defaultPath })) ?? null }
    },
    'library.move': ({ to }) => mover.start(to),
    'library.moveStatus': async () => mover.status(),
  }
}
