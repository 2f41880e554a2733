import { z } from 'zod'
import { Connection, ConnectionDraft, ConnectionId } from '../settings'
import { procedure } from './define'

/** Every connection and which one new work goes to. */
export const ProfilesState = z.object({
  profiles: z.array(Connection),
  activeProfileId: z.string().nullable(),
})
export type ProfilesState = z.infer<typeof ProfilesState>

export const profilesProcedures = {
  'profiles.list': procedure(z.void(), ProfilesState),
  /** Creates (no id, or a new one) or updates a connection; returns it as stored. */
  'profiles.save': procedure(ConnectionDraft, Connection),
  /** Removes a connection and its key. */
  'profiles.remove': procedure(z.object({ id: ConnectionId }), ProfilesState),
  /** New work goes to this connection; jobs already submitted keep theirs. */
  'profiles.activate': procedure(z.object({ id: ConnectionId }), ProfilesState),
}

export const profilesEvents = {
  'profiles.changed': ProfilesState,
}
