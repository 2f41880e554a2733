import type { CallContext } from '../../../shared/contract'
import { AppError } from '../../../shared/errors'

/**
 * A path names a file on the engine's machine, so only callers that legitimately have one may
 * send it: the Electron shell (the path `webUtils.getPathForFile` gives for a drop) and the CLI.
 * A page in web mode has no paths to give; it sends bytes (ARCHITECTURE: "the renderer never
 * sends a file path to read").
 */
export function assertMayNamePaths(ctx: CallContext): void {
  if (ctx.transport === 'websocket') throw new AppError('FORBIDDEN', 'In web mode files are sent as bytes; a file path is accepted only from the desktop app or the CLI.')
}
