import type { Handlers } from '../../../shared/contract/define'
import type { packsProcedures } from '../../../shared/contract/packs'
import { exportPack, importPack, previewPack, type PackDeps } from '../packs/packs'

export function packsHandlers(deps: PackDeps): Handlers<typeof packsProcedures> {
  return {
    'packs.read': async ({ name, text }) => previewPack(deps, name, text),
    'packs.import': ({ name, text, baseUrl }) => importPack(deps, name, text, baseUrl),
    'packs.export': (input) => exportPack(deps, input),
  }
}
