import { z } from 'zod'
import { CatalogDocument } from './catalog'
import { ServiceProfile } from './profile'
import { BaseUrl } from './settings'

/**
 * A service pack (`*.reelbox-pack.json`, issue 25): everything that sets Reelbox up for one
 * service in one file a studio can pass around: how to talk to it (the service profile), what
 * it offers (the catalogue), where it is, and sample answers the profile tester reads on import.
 * It never holds a key. Checked whole before anything of it is used.
 */
export const PACK_SCHEMA_VERSION = 1
export const PACK_SUFFIX = '.reelbox-pack.json'

/** Sample answers of the service, as JSON values: a submit's, a query's (finished) and a refusal's. */
export const PackSamples = z.strictObject({
  submit: z.unknown().optional(),
  query: z.unknown().optional(),
  error: z.unknown().optional(),
})
export type PackSamples = z.output<typeof PackSamples>

export const ServicePack = z.strictObject({
  schemaVersion: z.literal(PACK_SCHEMA_VERSION),
  name: z.string().trim().min(1).max(80),
  description: z.string().max(2000).optional(),
  docsUrl: z.url({ protocol: /^https?$/ }).optional(),
  baseUrl: BaseUrl.optional(),
  profile: ServiceProfile,
  catalog: CatalogDocument,
  samples: PackSamples.optional(),
})
export type ServicePack = z.output<typeof ServicePack>

/**
 * A pack as written, its profile as the designer wrote it (so defaults improved later still
 * reach it, as with a profile file) and its catalogue as a document.
 */
export interface ReadPack {
  pack: ServicePack
  /** The `profile` object exactly as in the file. */
  writtenProfile: Record<string, unknown>
}

/** Why a pack was refused, for the reader to word (`pack.refused`). */
export const packRefusals = ['notJson', 'version', 'unknown', 'invalid'] as const
export type PackRefusal = (typeof packRefusals)[number]

/**
 * What was wrong inside a refused pack, by code, for each reader to word in its language (the
 * catalogue's `packChecks`, shared/locales). Our own checks carry their facts; a schema's check
 * carries its issue's facts and `detail`, the schema library's English; `said` is a reason from
 * elsewhere (the JSON parser, the catalogue's checks), said as it came.
 */
export type PackCheck =
  | { code: 'notObject' | 'noAddress' }
  | { code: 'version'; found: number; reads: number }
  | { code: 'notOneOf'; key: string; names: string }
  | { code: 'unknownName'; key: string }
  | { code: 'wrongType'; expected: string; detail: string }
  | { code: 'tooSmall'; minimum: string; detail: string }
  | { code: 'tooBig'; maximum: string; detail: string }
  | { code: 'notAllowed'; values: string; detail: string }
  | { code: 'badFormat'; format: string; detail: string }
  | { code: 'noForm'; detail: string }
  | { code: 'said'; detail: string }
