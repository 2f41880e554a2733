/**
 * Posters for items that have none (`hasPoster` false: a video added by hand, a service that
 * gave no poster). The page draws one frame from the video once — seek to 0.5 s, draw to a
 * canvas, JPEG — and the engine keeps it beside the video (`library.setPoster`). Lazy: only tiles
 * in view ask, one or two at a time, each item once per session.
 */
import type { LibraryItem } from '@shared/library'

const CONCURRENCY = 2
const LONG_SIDE = 1280
/** A video that never says anything (a broken file) must not hold a slot forever. */
const GIVE_UP_MS = 15_000

export interface PosterDeps {
  videoUrl(id: string): string
  save(id: string, bytes: Uint8Array<ArrayBuffer>): Promise<LibraryItem>
  done(item: LibraryItem): void
}

const tried = new Set<string>()
const waiting: string[] = []
let running = 0
let deps: PosterDeps | undefined

function once(target: HTMLVideoElement, event: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const ok = (): void => {
      target.removeEventListener('error', fail)
      resolve()
    }
    const fail = (): void => {
      target.removeEventListener(event, ok)
      reject(new Error(`the video could not be read (${target.error?.message ?? 'error'})`))
    }
    // Plain listeners: a promise about a video made here, outside any component's life.
    target.addEventListener(event, ok, { once: true })
    target.addEventListener('error', fail, { once: true })
  })
}

/** One frame of the video at `url` as JPEG bytes. */
export async function drawFrame(url: string): Promise<Uint8Array<ArrayBuffer>> {
  const video = document.createElement('video')
  // The media scheme answers our origin with CORS (web mode is same-origin): the canvas stays clean.
  video.crossOrigin = 'anonymous'
  video.muted = true
  video.preload = 'auto'
  video.playsInline = true
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    const work = (async () => {
      const loaded = once(video, 'loadeddata')
      video.src = url
      await loaded
      const seeked = once(video, 'seeked')
      video.currentTime = Math.min(0.5, Number.isFinite(video.duration) ? video.duration / 2 : 0.5)
      await seeked
      const scale = Math.min(1, LONG_SIDE / Math.max(video.videoWidth, video.videoHeight, 1))
      const canvas = document.createElement('canvas')
      canvas.width = Math.max(1, Math.round(video.videoWidth * scale))
      canvas.height = Math.max(1, Math.round(video.videoHeight * scale))
      const context = canvas.getContext('2d')
      if (!context) throw new Error('no 2D canvas')
      context.drawImage(video, 0, 0, canvas.width, canvas.height)
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.86))
      if (!blob) throw new Error('the frame could not be encoded')
      return new Uint8Array(await blob.arrayBuffer())
    })()
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('the video took too long to load')), GIVE_UP_MS)))
    return await Promise.race([work, timeout])
  } finally {
    clearTimeout(timer)
    video.removeAttribute('src')
    video.load()
  }
}

function pump(): void {
  while (deps && running < CONCURRENCY && waiting.length > 0) {
    const id = waiting.shift() as string
    const current = deps
    running++
    void drawFrame(current.videoUrl(id))
      .then((bytes) => current.save(id, bytes))
      .then((item) => current.done(item))
      // A poster is a nicety: the tile keeps its plain frame, and the next session tries again.
      .catch(() => undefined)
      .finally(() => {
        running--
        pump()
      })
  }
}

export function configurePosters(next: PosterDeps): void {
  deps = next
}

/** A tile without a poster came into view. */
export function requestPoster(id: string): void {
  if (tried.has(id)) return
  tried.add(id)
  waiting.push(id)
  pump()
}

/** The tile left the view before its turn: someone else goes first (it may ask again later). */
export function cancelPoster(id: string): void {
  const at = waiting.indexOf(id)
  if (at < 0) return
  waiting.splice(at, 1)
  tried.delete(id)
}
