import { onBeforeUnmount, onMounted, ref } from 'vue'
import { SyncClock } from './sync-clock'

/** Until a clip has shown two frames in a row, a step is a frame of 24 fps. */
const DEFAULT_FRAME_SEC = 1 / 24

/**
 * The compare view's one transport: a SyncClock ticked on every animation frame, its state as
 * refs for the controls, and the finest frame of the clips (learnt from
 * `requestVideoFrameCallback` while they play: the element does not say its frame rate) for `,`
 * and `.`.
 */
export function usePlayback(videos: () => readonly HTMLVideoElement[]) {
  const clock = new SyncClock(videos)
  const time = ref(0)
  const length = ref(0)
  const playing = ref(false)
  const loop = ref(clock.loop)
  const frameSec = ref(DEFAULT_FRAME_SEC)
  const learnt = new WeakSet<HTMLVideoElement>()
  let raf = 0

  function frame(now: number): void {
    clock.tick(now)
    time.value = clock.time
    length.value = clock.length
    playing.value = clock.playing
    raf = requestAnimationFrame(frame)
  }

  /** Watches one clip's presented frames: two in a row a frame apart say its frame duration. */
  function learn(video: HTMLVideoElement): void {
    if (learnt.has(video) || typeof video.requestVideoFrameCallback !== 'function') return
    learnt.add(video)
    let last: { mediaTime: number; presented: number } | undefined
    const onFrame: VideoFrameRequestCallback = (_now, meta) => {
      if (last && meta.presentedFrames === last.presented + 1) {
        const gap = meta.mediaTime - last.mediaTime
        if (gap > 0.004 && gap < frameSec.value - 0.0005) frameSec.value = gap
      }
      last = { mediaTime: meta.mediaTime, presented: meta.presentedFrames }
      if (video.isConnected) video.requestVideoFrameCallback(onFrame)
    }
    video.requestVideoFrameCallback(onFrame)
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
