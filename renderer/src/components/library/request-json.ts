/**
 * "Copy request JSON" (issue 15, Words): the body as the sidecar recorded it, for support. An
 * image reference from the input store becomes its file name, so the text shows which picture
 * went where without its hash or bytes; the sidecar holds no key (the engine drops any at import).
 */
export function requestJson(params: Record<string, unknown>): string {
  return JSON.stringify(params, (_key, value: unknown) => (isFileRef(value) ? value.name : value), 2)
}

function isFileRef(value: unknown): value is { kind: 'file'; name: string } {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'file' && typeof (value as { name?: unknown }).name === 'string'
}
