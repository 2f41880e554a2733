import type { WebContents } from 'electron'
import { ipcMain } from 'electron'
import { AppError } from '../../shared/errors'
import { IPC_CALL, IPC_EVENT } from '../../shared/channels'
import { say } from '../../shared/locales'
import type { EventName, EventPayload } from '../../shared/contract'
import type { EventEnvelope, ResponseEnvelope } from '../../shared/envelope'
import type { Core } from '../core'
import type { CallSession } from '../core/router'
import { frameFacts, isTrustedSender } from './sender'

/**
 * The Electron transport: one invoke channel for every procedure, one channel for events. Each
 * page is one session: a cancel it sends on the same channel reaches only its own calls, and a
 * page that goes (closed, reloaded, crashed) cancels whatever it still had running.
 */
export function registerIpc(core: Core, allowedOrigins: () => readonly string[]): () => void {
  const sessions = new Map<WebContents, CallSession>()
  function sessionOf(contents: WebContents): CallSession {
    let session = sessions.get(contents)
    if (!session) {
      const opened = core.router.session({ transport: 'ipc' })
      sessions.set(contents, (session = opened))
      const end = (): void => {
        opened.close()
        sessions.delete(contents)
      }
      contents.once('destroyed', end)
    }
    return session
  }
  ipcMain.handle(IPC_CALL, async (event, request: unknown): Promise<ResponseEnvelope | null> => {
    if (!isTrustedSender(frameFacts(event), allowedOrigins())) {
      core.log.scope('ipc').warn('shell.callRefused', { frame: event.senderFrame?.url ?? '—' })
      const id = (request as { id?: number | string } | null)?.id ?? -1
      return { id, ok: false, error: new AppError('FORBIDDEN', say('en', 'desktop.refused.notTrusted')).toWire() }
    }
    return (await sessionOf(event.sender).handle(request)) ?? null
  })
  return () => {
    ipcMain.removeHandler(IPC_CALL)
    for (const session of sessions.values()) session.close()
    sessions.clear()
  }
}

/** Sends one event to a page, the way every event reaches it (the preload's `subscribe`). */
export function sendEvent<N extends EventName>(contents: WebContents, event: N, payload: EventPayload<N>): void {
  if (!contents.isDestroyed()) contents.send(IPC_EVENT, { event, payload } satisfies EventEnvelope)
}

/** Forwards every engine event to one window's page, for as long as both live. */
export function forwardEvents(core: Core, contents: WebContents): () => void {
  const stop = core.events.onAny((event, payload) => sendEvent(contents, event, payload as EventPayload<typeof event>))
  contents.once('destroyed', stop)
  return stop
}
