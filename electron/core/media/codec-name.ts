/**
 * A video's codec as a designer or a support page names it ("H.264 High", "HEVC Main 10"), from
 * its codec string (RFC 6381, as mediabunny gives it), with the string itself for the exact case.
 * Names of codecs and profiles are the same in every language, so refusals carry them as they are;
 * null when the file does not say (the words then say "an unknown codec").
 */
export function codecName(codec: string | null | undefined): string | null {
  if (!codec) return null
  const [family = '', a = ''] = codec.split('.')
  const named = (() => {
    if (/^avc[13]$/i.test(family)) return withProfile('H.264', H264[parseInt(a.slice(0, 2), 16)], parseInt(a.slice(0, 2), 16))
    if (/^(hvc1|hev1)$/i.test(family)) return withProfile('HEVC', HEVC[Number(a.replace(/^[A-C]/, ''))], Number(a.replace(/^[A-C]/, '')))
    if (family === 'vp09') return `VP9 profile ${Number(a)}`
    if (family === 'vp8') return 'VP8'
    if (family === 'av01') return withProfile('AV1', AV1[Number(a)], Number(a))
    return undefined
  })()
  return named ? `${named} (${codec})` : codec
}

function withProfile(codec: string, profile: string | undefined, idc: number): string {
  return profile ? `${codec} ${profile}` : `${codec} profile ${Number.isNaN(idc) ? '?' : idc}`
}

/** profile_idc, ITU-T H.264 annex A. */
const H264: Record<number, string> = { 66: 'Baseline', 77: 'Main', 88: 'Extended', 100: 'High', 110: 'High 10', 122: 'High 4:2:2', 244: 'High 4:4:4' }
/** general_profile_idc, ITU-T H.265 annex A. */
const HEVC: Record<number, string> = { 1: 'Main', 2: 'Main 10', 3: 'Main Still Picture', 4: 'Range Extensions' }
/** seq_profile, AV1 §6.4.1. */
const AV1: Record<number, string> = { 0: 'Main', 1: 'High', 2: 'Professional' }

/** H.264 Baseline: what the engine's own decoder reads (media/baseline-frame.ts). */
export function isH264Baseline(codec: string | null | undefined): boolean {
  const profile = /^avc[13]\.([0-9a-f]{2})/i.exec(codec ?? '')
  return profile !== null && parseInt(profile[1]!, 16) === 66
}
