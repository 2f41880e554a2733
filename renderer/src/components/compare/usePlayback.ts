import { onBeforeUnmount, onMounted, ref } from 'vue'
import { frameDuration } from '@/media/frame-rate'
import { SyncClock } from './sync-clock'

/** Until the clips' frame rates are read, a step is a frame of 24 fps. */
const DEFAULT_FRAME_SEC = 1 / 24

/**
 * The compare view's one transport: a SyncClock ticked on every animation frame, its state as
 * refs for the controls, and the finest frame of the clips (read from each file's frame
 * timestamps: the element does not say its frame rate) for `,` and `.`.
 */
export function usePlayback(videos: () => readonly HTMLVideoElement[]) {
  const clock = new SyncClock(videos)
  const time = ref(0)
  const length = ref(0)
  const playing = ref(false)
  const loop = ref(clock.loop)
  const frameSec = ref(DEFAULT_FRAME_SEC)
  /** Each clip's frame duration, once read from its file. */
  const frames = new Map<HTMLVideoElement, number | undefined>()
  let raf = 0

  function frame(now: number): void {
    clock.tick(now)
    time.value = clock.time
    length.value = clock.length
    playing.value = clock.playing
    raf = requestAnimationFrame(frame)
  }

  /** Reads one clip's frame duration from its file; the finest of the clips is a step. */
  function learn(video: HTMLVideoElement): void {
    if (frames.has(video) || !video.src) return
    frames.set(video, undefined)
    void frameDuration(video.src).then((seconds) => {
      frames.set(video, seconds)
      const known = [...frames.values()].filter((s) => s !== undefined)
      if (known.length) frameSec.value = Math.min(...known)
    })
  }

  const sync = (): void => {
    time.value = clock.time
    playing.value = clock.playing
  }

  onMounted(() => (raf = requestAnimationFrame(frame)))
  onBeforeUnmount(() => {
    cancelAnimationFrame(raf)
    clock.pause()
  })

  return {
    time,
    length,
    playing,
    loop,
    frameSec,
    learn,
    toggle: () => (clock.toggle(), sync()),
    play: () => (clock.play(), sync()),
    seek: (seconds: number) => (clock.seek(seconds), sync()),
    nudge: (seconds: number) => (clock.seek(clock.time + seconds), sync()),
    step: (frames: number) => (clock.step(frames, frameSec.value), sync()),
    setLoop: (on: boolean) => void (loop.value = clock.loop = on),
  }
}
