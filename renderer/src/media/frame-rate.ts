/**
 * How long one frame of a video lasts, read from its own frame timestamps: mediabunny walks the
 * index only (no frame is fetched or decoded) and fits the timestamps to a frame rate. The
 * `<video>` element does not say its frame rate, and watching it play (requestVideoFrameCallback)
 * only sees the frames the page had time to show: on a busy machine a 30 fps clip shown every
 * other frame looks like 15 fps.
 */
export async function frameDuration(url: string): Promise<number | undefined> {
  const mb = await import('mediabunny')
  const input = new mb.Input({ source: new mb.UrlSource(url), formats: mb.ALL_FORMATS })
  try {
    const track = await input.getPrimaryVideoTrack()
    if (!track) return undefined
    const { bestGuessFrameRate } = await track.computeFrameRateMetrics()
    return Number.isFinite(bestGuessFrameRate) && bestGuessFrameRate > 0 ? 1 / bestGuessFrameRate : undefined
  } catch {
    // Not a file mediabunny reads: steps keep the default frame.
    return undefined
  } finally {
    input.dispose()
  }
}
