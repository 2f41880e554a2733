import type { catalogProcedures } from '../../../shared/contract/catalog'
import type { Handlers } from '../../../shared/contract/define'
import type { CatalogService } from '../catalog/service'
import { assertMayNamePaths } from './callers'

export function catalogHandlers(catalog: CatalogService): Handlers<typeof catalogProcedures> {
  return {
    'catalog.get': async () => catalog.state(),
    'catalog.importFile': async (input, ctx) => {
      if ('path' in input) assertMayNamePaths(ctx)
      return catalog.importFile(input)
    },
    'catalog.importUrl': async ({ url }) => catalog.importUrl(url),
    'catalog.reset': async () => catalog.reset(),
  }
}
