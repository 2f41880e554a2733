import { z } from 'zod'
import { errorCodes } from '../errors'
import { ConnectionId } from '../settings'
import { procedure } from './define'

/** Where a key is kept: the OS keychain, an OS-encrypted file, this session only, or the environment (CLI). */
export const SecretStoreKind = z.enum(['keychain', 'encrypted-file', 'session', 'environment'])
export type SecretStoreKind = z.infer<typeof SecretStoreKind>

/**
 * Why a key is kept where it is (or would be), as codes the readers word (issue 23 item 3): the
 * page through vue-i18n, the log through its catalogue (`problemWords.keyStore`). `os` is the OS's
 * or keytar's own message, shown as it is and never translated; it never holds a secret.
 */
export const KeyStoreReason = z.discriminatedUnion('code', [
  /** This run has no keychain (REELBOX_SECRET_STORE=session: tests and throwaway runs). */
  z.object({ code: z.literal('keychain.none') }),
  /** The keychain refused or failed a call. */
  z.object({ code: z.literal('keychain.unavailable'), os: z.string().optional() }),
  /** keytar (a native module) could not be loaded. */
  z.object({ code: z.literal('keychain.notLoaded'), os: z.string() }),
  /** No answer in time: a locked keyring, or an unlock prompt nobody answered. */
  z.object({ code: z.literal('keychain.timedOut'), seconds: z.number() }),
  /** An earlier call is still waiting for the keychain, so none is started. */
  z.object({ code: z.literal('keychain.waiting') }),
  z.object({ code: z.literal('keyFile.notReady') }),
  /** Linux without a keyring: the file would be encrypted with a fixed password. */
  z.object({ code: z.literal('keyFile.needsConsent') }),
  z.object({ code: z.literal('keyFile.noEncryption') }),
  /** The encrypted file cannot be read or written. */
  z.object({ code: z.literal('keyFile.unreadable'), os: z.string() }),
  /** How the file is encrypted: the macOS Keychain's key, Windows DPAPI, or Electron's Linux `backend`. */
  z.object({ code: z.literal('keyFile.encrypted'), via: z.enum(['mac', 'windows', 'linux']), backend: z.string().optional() }),
  /** The CLI's key, read from an environment variable. */
  z.object({ code: z.literal('environment'), variable: z.string() }),
])
export type KeyStoreReason = z.infer<typeof KeyStoreReason>
export type KeyStoreReasonCode = KeyStoreReason['code']

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
  /** Why this store, as codes: the keychain's problem, then the encrypted file's, or how the file is encrypted. */
  reasons: z.array(KeyStoreReason).optional(),
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
