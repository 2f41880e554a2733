/**
 * Who may call the engine over IPC: only the top frame of a page from our own origin. The facts
 * come from `event.senderFrame`; the verdict is a plain function so it is tested without Electron.
 */
export interface FrameFacts {
  /** False when Electron gives no frame (it was destroyed or navigated away mid-call). */
  readonly present: boolean
  readonly url: string
  /** True when the frame has no parent. */
  readonly isTopFrame: boolean
}

/** The parts of an IPC event the check reads (Electron's IpcMainInvokeEvent satisfies it). */
export interface SenderEvent {
  readonly senderFrame: { readonly url: string; readonly parent: unknown } | null | undefined
}

export function frameFacts(event: SenderEvent): FrameFacts {
  const frame = event.senderFrame
  if (!frame) return { present: false, url: '', isTopFrame: false }
  return { present: true, url: frame.url, isTopFrame: frame.parent === null }
}

/** "scheme://host[:port]" of a URL, also for custom schemes (whose WHATWG origin is "null"). */
export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url)
    return parsed.host ? `${parsed.protocol}//${parsed.host}` : undefined
  } catch {
    return undefined
  }
}

export function isTrustedSender(frame: FrameFacts, allowedOrigins: readonly string[]): boolean {
  if (!frame.present || !frame.isTopFrame) return false
  const origin = originOf(frame.url)
  return origin !== undefined && allowedOrigins.includes(origin)
}
