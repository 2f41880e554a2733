import type { CoreHandlers } from '../../../shared/contract'
import type { ShellPort } from '../ports'
import type { LibraryMover } from './move'

type FolderHandlers = Pick<CoreHandlers, 'app.chooseFolder' | 'library.move' | 'library.moveStatus'>

/** Choosing and moving the library folder (shared/contract/library-folder.ts). */
export function libraryFolderHandlers(mover: LibraryMover, shell: ShellPort | undefined): FolderHandlers {
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
