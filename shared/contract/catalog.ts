import { z } from 'zod'
import { Catalog } from '../catalog'
import { LogNote } from './app'
import { procedure } from './define'

/** Where the effective catalogue came from: the built-in default, then the designer's import. */
export const CatalogSource = z.object({
  kind: z.enum(['default', 'file', 'url']),
  /** The file's name or the URL (without its query string). */
  name: z.string(),
  importedAt: z.number().optional(),
  modelCount: z.number().int(),
})
export type CatalogSource = z.infer<typeof CatalogSource>

export const CatalogState = z.object({
  /** The effective catalogue: the default, extended or overridden by the imported one. */
  catalog: Catalog,
  /** True while any model shown is a stand-in (the default's IDs are placeholders). */
  placeholder: z.boolean(),
  sources: z.array(CatalogSource),
  /** Why an imported catalogue found on disk is not in force (it was unreadable at startup), as the log says it. */
  problem: LogNote.optional(),
})
export type CatalogState = z.output<typeof CatalogState>

const Bytes = z.instanceof(Uint8Array, { message: 'expected the file’s bytes' })

export const catalogProcedures = {
  'catalog.get': procedure(z.void(), CatalogState),
  /** Bytes of a chosen/dropped file, or (Electron) the path of a dropped file. */
  'catalog.importFile': procedure(
    z.union([z.strictObject({ name: z.string().min(1).max(255), bytes: Bytes }), z.strictObject({ path: z.string().min(1).max(4096) })]),
    CatalogState,
  ),
  'catalog.importUrl': procedure(z.strictObject({ url: z.string().min(1).max(4096) }), CatalogState),
  /** Forgets the imported catalogue: back to the default. */
  'catalog.reset': procedure(z.void(), CatalogState),
}

export const catalogEvents = {
  'catalog.changed': CatalogState,
}
