import { z } from 'zod'
import { Mode } from '../catalog'
import { errorKinds } from '../profile'
import { BaseUrl, Connection } from '../settings'
import { procedure } from './define'
import { ProfileReading } from './profiles'

/** A pack is a few kilobytes; the engine reads none larger than 2 MB. */
const PACK_MAX_CHARS = 2 * 1024 * 1024
const PackFile = z.strictObject({ name: z.string().trim().min(1).max(255), text: z.string().max(PACK_MAX_CHARS) })

/** What a service pack holds, as Settings shows it before anything of it is kept. */
export const PackPreview = z.object({
  name: z.string(),
  description: z.string().optional(),
  docsUrl: z.string().optional(),
  baseUrl: z.string().optional(),
  models: z.array(z.object({ id: z.string(), displayName: z.string(), modes: z.array(Mode) })),
  /** How a task's answer is read: where its status and results are, and the words for done and failed. */
  results: z.object({ statusPath: z.string(), urlsPath: z.string(), success: z.array(z.string()), failure: z.array(z.string()) }),
  /** How a refusal is read: where its words and code are, and what its codes mean. */
  errors: z.object({ message: z.array(z.string()), code: z.array(z.string()), field: z.array(z.string()), kinds: z.partialRecord(z.enum(errorKinds), z.array(z.string())) }),
  /** The pack's sample answers read under its profile (the profile tester). */
  samples: z.array(ProfileReading),
})
export type PackPreview = z.infer<typeof PackPreview>

export const packsProcedures = {
  /** Checks a pack whole and says what it holds; keeps nothing. Refused: `pack.refused`, naming the field. */
  'packs.read': procedure(PackFile, PackPreview),
  /**
   * Keeps all of a pack or none of it: a connection (made active) and its catalogue. `baseUrl`:
   * the service's address when the pack names none (or another one), under the same rules as a
   * connection's; without either the pack is refused naming `baseUrl`.
   */
  'packs.import': procedure(PackFile.extend({ baseUrl: BaseUrl.optional() }), Connection),
  /**
   * A connection as a pack (never with its key) with the catalogue in force. `save`: through the
   * shell's Save as… dialog (`location`, or nothing when cancelled); else the text, to download.
   */
  'packs.export': procedure(
    z.strictObject({ id: z.string().min(1), save: z.boolean().default(false), title: z.string().max(200).optional() }),
    z.object({ fileName: z.string(), text: z.string().optional(), location: z.string().optional() }),
  ),
}
