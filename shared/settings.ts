import { z } from 'zod'
import { locales } from './locales'
import { ServiceProfile } from './profile'
import { SETTINGS_VERSION } from './settings-migrations'

/**
 * The designer's settings: one versioned document with defaults and migrations. The core owns
 * it (electron/core/settings); the shells only persist the raw JSON (electron-store, conf).
 * Secrets are never part of it: API keys live in the keychain, keyed by connection id.
 */
export { SETTINGS_VERSION }

/** 127.0.0.0/8, ::1 and localhost: the only hosts a plain-http base URL may name. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '')
  if (host === 'localhost' || host === '::1') return true
  return /^127(\.\d{1,3}){3}$/.test(host)
}

/**
 * Where a connection sends requests (§4.1 `{base_url}`): https, or http to this machine only,
 * so that the key (§5 `Authorization: Bearer`) never crosses a network in clear text. Stored
 * without a trailing slash so `${baseUrl}/api/v1/…` is always one slash.
 */
export const BaseUrl = z
  .string()
  .trim()
  .min(1, 'is required')
  .superRefine((value, ctx) => {
    let url: URL
    try {
      url = new URL(value)
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a full URL such as https://api.example.com' })
      return
    }
    if (url.username || url.password) ctx.addIssue({ code: 'custom', message: 'must not contain a user name or password (the key goes in the keychain)' })
    if (url.search || url.hash) ctx.addIssue({ code: 'custom', message: 'must not contain a query (?) or fragment (#)' })
    if (url.protocol === 'https:') return
    if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return
    ctx.addIssue({ code: 'custom', message: url.protocol === 'http:' ? 'must use https (plain http only for this computer: localhost, 127.0.0.1, ::1)' : 'must use https' })
  })
  .transform((value) => value.replace(/\/+$/, ''))

export const CatalogSource = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('default') }),
  /** A catalogue file imported into the app's data folder, by its file name there. */
  z.strictObject({ kind: z.literal('file'), name: z.string().trim().min(1).max(255).regex(/^[^/\\]+$/, 'must be a file name, not a path') }),
  z.strictObject({ kind: z.literal('url'), url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }) }),
])
export type CatalogSource = z.output<typeof CatalogSource>

/**
 * The service profile as the designer wrote it (a partial document): validated with
 * `ServiceProfile`, but stored as given so that improved defaults reach old connections.
 */
export const ServiceProfileInput = z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
  const parsed = ServiceProfile.safeParse(value)
  if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [...issue.path] })
})

export const ConnectionId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'must be 1–64 letters, digits, - or _')

/**
 * The connection a `reelbox` command makes from --base-url/--profile for one run, never saved.
 * Only a run given the same --base-url works its jobs; every other engine leaves them be.
 */
export const RUN_CONNECTION_ID = 'cli'

/** One service the designer can send work to: where, how (service profile), and which catalogue. */
export const Connection = z.object({
  id: ConnectionId,
  name: z.string().trim().min(1, 'is required').max(80),
  baseUrl: BaseUrl,
  serviceProfile: ServiceProfileInput.default({}),
  catalogSource: CatalogSource.default({ kind: 'default' }),
  /** The built-in Sandbox (a local fake service), always labelled as such. */
  sandbox: z.boolean().default(false),
})
export type Connection = z.output<typeof Connection>
export type ConnectionInput = z.input<typeof Connection>

/** What `profiles.save` takes: a connection whose id may be left out to create a new one. */
export const ConnectionDraft = Connection.extend({ id: ConnectionId.optional() })
export type ConnectionDraft = z.input<typeof ConnectionDraft>

/** A connection with its service profile resolved (defaults filled in): what the engine uses. */
export type ResolvedConnection = Omit<Connection, 'serviceProfile'> & { serviceProfile: ServiceProfile }

export function resolveConnection(connection: Connection): ResolvedConnection {
  return { ...connection, serviceProfile: ServiceProfile.parse(connection.serviceProfile) }
}

/**
 * A connection's spending limits on this machine (issue 26), decimals of `currency`; null: no
 * limit. A submission that would pass one is refused before anything is sent
 * (electron/core/cost/guard.ts); a model without a price is refused under a budget unless
 * `allowUnknownPrices`.
 */
const budgetFields = {
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD'),
  daily: z.number().positive().max(1e9).nullable(),
  monthly: z.number().positive().max(1e9).nullable(),
  allowUnknownPrices: z.boolean(),
}
export const Budget = z.object({
  currency: budgetFields.currency.default('USD'),
  daily: budgetFields.daily.default(null),
  monthly: budgetFields.monthly.default(null),
  allowUnknownPrices: budgetFields.allowUnknownPrices.default(false),
})
export type Budget = z.output<typeof Budget>
export const BudgetPatch = z.strictObject(budgetFields).partial()

/** An absolute folder on macOS/Linux ("/…") or Windows ("C:\…", "\\server\share"). */
const AbsoluteDir = z
  .string()
  .trim()
  .regex(/^(\/|[A-Za-z]:[\\/]|\\\\)/, 'must be an absolute folder path')

// Each field once, without defaults, so the full schema and the patch schema cannot drift apart.
const fields = {
  libraryDir: AbsoluteDir.nullable(),
  concurrency: {
    /** Jobs submitted or polled at once. */
    jobs: z.number().int().min(1).max(16),
    /** Result files downloaded at once. */
    downloads: z.number().int().min(1).max(8),
  },
  /** How hard the scheduler may poll the query operation (§4.2; §8 gives no limits). */
  pollBudget: {
    requestsPerSecond: z.number().min(0.1).max(20),
    /** After this long without a terminal status a job is shown as unknown, not failed. */
    maxWaitMinutes: z.number().int().min(1).max(24 * 60),
  },
  /** What one task's results may cost (§8 states no limits; these keep a hostile answer bounded). */
  results: {
    /** Megabytes one result file may have; a larger one is refused, not kept. */
    maxSizeMB: z.number().int().min(1).max(1024 * 1024),
    /** Results downloaded per task; the service's further URLs are listed on the job, not downloaded. */
    perTask: z.number().int().min(1).max(100),
    /** Seconds with almost no data before a download counts as stalled and is asked again. */
    stallSeconds: z.number().int().min(5).max(600),
  },
  notifications: { finished: z.boolean(), failed: z.boolean() },
  theme: z.enum(['system', 'light', 'dark']),
  /** The designer's language (shared/locales' list), or the system's. */
  language: z.enum(['system', ...locales]),
  /** Linux only: the designer agreed to keep the key in a file encrypted with a fixed password. */
  allowBasicTextEncryption: z.boolean(),
  /**
   * Windows and Linux desktop: what closing the last window does while videos are being made
   * (macOS keeps the app running in the Dock, as Mac apps do).
   */
  closeWithActiveJobs: z.enum(['ask', 'background', 'quit']),
  firstRunDone: z.boolean(),
  /** The designer's name on the videos they make (`madeBy.name`), for a studio sharing one library; null: the OS user name. */
  displayName: z.string().trim().max(64, 'at most 64 characters').nullable(),
  /**
   * The system's ffmpeg, for the last frames the engine's own decoder cannot read (Continue and a
   * continuing shot on H.264 Main/High, HEVC, VP9, AV1); null: the one on the PATH, if any.
   */
  ffmpegPath: z
    .string()
    .trim()
    .regex(/^(\/|[A-Za-z]:[\\/]|\\\\)/, 'must be an absolute path to the ffmpeg program')
    .nullable(),
}

export const Settings = z.object({
  schemaVersion: z.literal(SETTINGS_VERSION).default(SETTINGS_VERSION),
  activeProfileId: ConnectionId.nullable().default(null),
  profiles: z
    .array(Connection)
    .max(50)
    .default([])
    .refine((list) => new Set(list.map((c) => c.id)).size === list.length, { message: 'two connections have the same id' }),
  /** null: the OS videos folder (…/Videos/Reelbox, ~/Movies/Reelbox on macOS). */
  libraryDir: fields.libraryDir.default(null),
  concurrency: z.object({ jobs: fields.concurrency.jobs.default(3), downloads: fields.concurrency.downloads.default(2) }).prefault({}),
  pollBudget: z
    .object({ requestsPerSecond: fields.pollBudget.requestsPerSecond.default(2), maxWaitMinutes: fields.pollBudget.maxWaitMinutes.default(60) })
    .prefault({}),
  results: z
    .object({ maxSizeMB: fields.results.maxSizeMB.default(2048), perTask: fields.results.perTask.default(16), stallSeconds: fields.results.stallSeconds.default(30) })
    .prefault({}),
  notifications: z.object({ finished: fields.notifications.finished.default(true), failed: fields.notifications.failed.default(true) }).prefault({}),
  theme: fields.theme.default('system'),
  language: fields.language.default('system'),
  allowBasicTextEncryption: fields.allowBasicTextEncryption.default(false),
  closeWithActiveJobs: fields.closeWithActiveJobs.default('ask'),
  firstRunDone: fields.firstRunDone.default(false),
  displayName: fields.displayName.default(null),
  ffmpegPath: fields.ffmpegPath.default(null),
  /** By connection id. */
  budgets: z.record(ConnectionId, Budget).default({}),
})
export type Settings = z.output<typeof Settings>

export const defaultSettings: Settings = Settings.parse({})

/**
 * What `settings.update` takes: any subset of the plain settings, nested objects partially.
 * Connections and the active one change through `profiles.*`, which name their own fields.
 */
export const SettingsPatch = z
  .strictObject({
    libraryDir: fields.libraryDir,
    concurrency: z.strictObject(fields.concurrency).partial(),
    pollBudget: z.strictObject(fields.pollBudget).partial(),
    results: z.strictObject(fields.results).partial(),
    notifications: z.strictObject(fields.notifications).partial(),
    theme: fields.theme,
    language: fields.language,
    allowBasicTextEncryption: fields.allowBasicTextEncryption,
    closeWithActiveJobs: fields.closeWithActiveJobs,
    firstRunDone: fields.firstRunDone,
    displayName: fields.displayName,
    ffmpegPath: fields.ffmpegPath,
    /** A connection's budget, field by field. */
    budgets: z.record(ConnectionId, BudgetPatch),
  })
  .partial()
export type SettingsPatch = z.input<typeof SettingsPatch>

export { LEGACY_SECRETS_KEY, migrateSettings, settingsMigrations, type Migration, type MigrationResult, type SettingsDocument } from './settings-migrations'
