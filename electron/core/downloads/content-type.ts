/**
 * A result's Content-Type that says "not a video": an error page, an API answer, a placeholder
 * image. Checked before the body is read, so those are refused at once instead of downloaded.
 * `video/*` and `application/octet-stream` are what CDNs send; anything else unusual (a
 * mislabelled bucket) is tolerated, because the container check (./verify.ts) decides anyway
 * and a paid result must not be lost to a wrong label. Returns the refused type, or undefined.
 */
export function notAVideoType(header: string | undefined): string | undefined {
  const type = header?.split(';')[0]?.trim().toLowerCase()
  if (!type) return undefined
  const refused = type.startsWith('text/') || type.startsWith('image/') || /(^|[/+])(html|xhtml|json|xml|javascript)($|[+;])/.test(type)
  return refused ? type : undefined
}
