import { z } from 'zod'
import { procedure } from './define'
import { ProfilesState } from './profiles'

export const SANDBOX_CONNECTION_ID = 'sandbox'

export const SandboxStatus = z.object({
  /** Whether this shell can host the built-in Sandbox. */
  available: z.boolean(),
  running: z.boolean(),
  baseUrl: z.string().optional(),
})
export type SandboxStatus = z.infer<typeof SandboxStatus>

export const sandboxProcedures = {
  'sandbox.status': procedure(z.void(), SandboxStatus),
  /** "Try it with the built-in Sandbox": starts it, adds the Sandbox connection and makes it active. */
  'sandbox.enable': procedure(z.void(), ProfilesState),
}
