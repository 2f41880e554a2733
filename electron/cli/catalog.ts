import path from 'node:path'
import type { CatalogInput } from '../../shared/catalog'
import type { CatalogState } from '../../shared/contract/catalog'
import defaultCatalog from '../core/catalog/default-catalog.json'
import { mergeCatalogs, parseCatalogText, parseCatalogValue } from '../core/catalog/document'
import { createCatalogService, DEFAULT_SOURCE } from '../core/catalog/service'
import { createLogHub } from '../core/logger'
import { defaultDataDir } from '../node/paths'
import { readFlagFile, type GlobalFlags } from './args'
import { packOf } from './pack-file'

/** The built-in catalogue, merged with --catalog FILE (or the catalogue of --pack FILE) when given. */
export async function builtInCatalog(flags: GlobalFlags): Promise<CatalogInput | undefined> {
  const pack = await packOf(flags)
  if (pack) {
    const source = path.basename(flags.pack!)
    return mergeCatalogs({ doc: parseCatalogValue(defaultCatalog, DEFAULT_SOURCE), source: DEFAULT_SOURCE }, { doc: pack.pack.catalog, source }).catalog
  }
  if (!flags.catalog) return undefined
  const text = await readFlagFile('catalog', flags.catalog)
  return mergeCatalogs(
    { doc: parseCatalogValue(defaultCatalog, DEFAULT_SOURCE), source: DEFAULT_SOURCE },
    { doc: parseCatalogText(text, path.basename(flags.catalog)), source: path.basename(flags.catalog) },
  ).catalog
}

/**
 * The catalogue as the app would show it (built-in or --catalog, then the designer's import),
 * without the rest of the engine: all that `reelbox models` and `reelbox sandbox` need.
 */
export async function openCatalog(flags: GlobalFlags): Promise<CatalogState> {
  const service = createCatalogService({
    dataDir: defaultDataDir(process.env),
    fetch,
    log: createLogHub(Date.now).root,
    events: { emit: () => undefined },
    defaultCatalog: await builtInCatalog(flags),
  })
  return service.load()
}
