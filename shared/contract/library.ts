import { z } from 'zod'
import { InputImage } from '../draft'
import { Draft } from '../draft'
import { LibraryItem, LibraryQuery, Sidecar } from '../library'
import { procedure } from './define'

const ItemId = z.strictObject({ id: z.string().min(1).max(200) })
const Tag = z.string().trim().min(1, 'a tag cannot be empty').max(64, 'a tag has at most 64 characters')

export const LibraryPage = z.object({ items: z.array(LibraryItem), total: z.number().int(), offset: z.number().int() })
export type LibraryPage = z.infer<typeof LibraryPage>

/** Counts over the whole library, for the filter bar (most used first). */
export const LibraryFacets = z.object({
  total: z.number().int(),
  models: z.array(z.object({ id: z.string(), family: z.string(), count: z.number().int() })),
  families: z.array(z.object({ family: z.string(), count: z.number().int() })),
  modes: z.array(z.object({ mode: z.string(), count: z.number().int() })),
  tags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
  /**
   * Who made the items (`madeBy.user`, what the filter asks for), most first; empty when no item
   * says. `name`: the display name on that maker's newest item, shown as the tiles show it.
   */
  makers: z.array(z.object({ user: z.string(), name: z.string().optional(), count: z.number().int() })),
  favourites: z.number().int(),
})
export type LibraryFacets = z.infer<typeof LibraryFacets>

/** One item in full: its tile, its sidecar (absent for a video added by hand) and its inputs. */
export const LibraryDetail = z.object({
  item: LibraryItem,
  sidecar: Sidecar.optional(),
  /**
   * An exported sequence's clips, as the video names them (its `com.reelbox.sequence` tag), each
   * with its library item while the library has it.
   */
  sequence: z.object({ name: z.string(), clips: z.array(z.object({ id: z.string(), file: z.string(), item: LibraryItem.optional() })) }).optional(),
  /** Input images with whether the input store still has them (`input/<hash>` media ids). */
  inputs: z.array(z.object({ role: z.string(), kind: z.enum(['file', 'url']), hash: z.string().optional(), url: z.string().optional(), name: z.string().optional(), available: z.boolean() })),
})
export type LibraryDetail = z.infer<typeof LibraryDetail>

/** What the shell could do; web mode and the CLI cannot open or reveal, and say so. */
export const ShellOutcome = z.object({ done: z.boolean(), message: z.string().optional() })

export const libraryProcedures = {
  /** One page of a query (search, filters, sort); the grid pages by offset. */
  'library.list': procedure(LibraryQuery, LibraryPage),
  /** Where one item sits in a query's order (-1 when the query does not include it). */
  'library.locate': procedure(z.strictObject({ id: z.string().min(1), query: LibraryQuery }), z.object({ index: z.number().int(), total: z.number().int() })),
  'library.facets': procedure(z.void(), LibraryFacets),
  'library.get': procedure(ItemId, LibraryDetail),
  /** Favourite, rating, tags; written to the sidecar (the folder stays the truth). */
  'library.update': procedure(
    z.strictObject({
      id: z.string().min(1),
      favourite: z.boolean().optional(),
      rating: z.number().int().min(0).max(5).optional(),
      /**
       * Tags to add and to remove, merged with edits made meanwhile on other machines. Never the
       * whole list: a page's list can lag the folder, and a tag another machine added that the
       * page had not shown yet would be removed by the next tag the designer typed.
       */
      addTags: z.array(Tag).max(64, 'at most 64 tags').optional(),
      removeTags: z.array(Tag).max(64, 'at most 64 tags').optional(),
    }),
    LibraryItem,
  ),
  /** To the OS trash in Electron; web mode and the CLI move it to `<library>/.reelbox/trash/`. */
  'library.delete': procedure(ItemId, z.object({ id: z.string(), trashed: z.enum(['os-trash', 'library-trash']), location: z.string().optional() })),
  'library.reveal': procedure(ItemId, ShellOutcome),
  'library.open': procedure(ItemId, ShellOutcome),
  /** The draft and its input images, to refill the Create form (works offline). */
  'library.reuse': procedure(ItemId, z.object({ draft: Draft, images: z.array(InputImage), missing: z.array(z.string()) })),
  /** A poster the page drew from the video once (JPEG or PNG); checked, resized and cached. */
  'library.setPoster': procedure(z.strictObject({ id: z.string().min(1), bytes: z.instanceof(Uint8Array) }), LibraryItem),
  'library.folder': procedure(z.void(), z.object({ path: z.string(), items: z.number().int(), ready: z.boolean() })),
  /**
   * Checks the folder again now (the window came back into focus, a drive was reconnected, the
   * CLI added videos): changes arrive as `library.changed`.
   */
  'library.rescan': procedure(z.void(), z.object({ path: z.string(), items: z.number().int(), ready: z.boolean() })),
}

export const LibraryChanged = z.object({ kind: z.enum(['added', 'updated', 'removed', 'reset']), ids: z.array(z.string()) })
export type LibraryChanged = z.infer<typeof LibraryChanged>

/**
 * Building the index from the sidecars (the first start after an update, a lost index): videos
 * looked at so far, then `done` once the library can be browsed.
 */
export const LibraryIndexing = z.object({ phase: z.enum(['indexing', 'done']), done: z.number().int() })
export type LibraryIndexing = z.infer<typeof LibraryIndexing>

export const libraryEvents = {
  'library.changed': LibraryChanged,
  'library.indexing': LibraryIndexing,
}
