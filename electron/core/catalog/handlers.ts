import type { CoreHandlers } from '../../../shared/contract'
import { assertMayNamePaths } from '../images/handlers'
import type { CatalogService } from './service'

type CatalogHandlers = Pick<CoreHandlers, 'catalog.get' | 'catalog.importFile' | 'catalog.importUrl' | 'catalog.reset'>

export function catalogHandlers(catalog: CatalogService): CatalogHandlers {
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
