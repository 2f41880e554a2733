import { z } from 'zod'
import { errorCodes } from '../errors'
import { ConnectionId } from '../settings'
import { procedure } from './define'

/** Where a key is kept: the OS keychain, an OS-encrypted file, this session only, or the environment (CLI). */
export const SecretStoreKind = z.enum(['keychain', 'encrypted-file', 'session', 'environment'])
export type SecretStoreKind = z.infer<typeof SecretStoreKind>

/** Which connection's key; without it, the active connection's. */
const KeyOf = z.object({ profileId: ConnectionId.optional() }).optional()

/**
 * §5 `Authorization: Bearer <API_KEY>`: the key goes into a header, so one line of printable
 * ASCII. Messages never echo the value.
 */
export const ApiKey = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(4096, 'is too long for an API key')
  .regex(/^[\x21-\x7E]+$/, 'must be one line of printable characters, without spaces')

/** What the page may know about a key: whether there is one and where it lives. Never the key. */
export const SecretStatus = z.object({
  /** The connection asked about; null when there is none yet (first run). */
  profileId: z.string().nullable(),
  hasKey: z.boolean(),
  store: SecretStoreKind,
  /** False when the key is kept for this session only. */
  persistent: z.boolean(),
  /** Why this store, in words ("keychain unavailable: …; kept for this session only"). */
  detail: z.string().optional(),
  /** Linux without a keychain: an encrypted file is possible only with the designer's consent. */
  needsConsent: z.boolean().optional(),
})
export type SecretStatus = z.infer<typeof SecretStatus>

export const KeyCheck = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), message: z.string(), httpStatus: z.number().int().optional() }),
  z.object({ ok: z.literal(false), code: z.enum(errorCodes), message: z.string(), httpStatus: z.number().int().optional() }),
])
export type KeyCheck = z.infer<typeof KeyCheck>

export const secretsProcedures = {
  'secrets.status': procedure(KeyOf, SecretStatus),
  /** Sets or replaces the key. It goes in here and never comes back out. */
  'secrets.setApiKey': procedure(z.object({ profileId: ConnectionId.optional(), apiKey: ApiKey }), SecretStatus),
  'secrets.clear': procedure(KeyOf, SecretStatus),
  /** One harmless call to the service: is the key accepted? (see electron/core/secrets/check-key.ts) */
  'secrets.check': procedure(KeyOf, KeyCheck),
}

export const secretsEvents = {
  'secrets.changed': SecretStatus,
}
