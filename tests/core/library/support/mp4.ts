import { encodeMp4 } from '../../../../electron/sandbox/render/encode'
import { cachedFixture } from '../../../support/fixture-cache'

/**
 * A real H.264 MP4 made by the Sandbox's own encoder (x264 compiled to WASM, no ffmpeg), cached
 * per shape, so tests measure what a real file says. Width and height must be even.
 */
export function makeMp4(options: { width?: number; height?: number; frames?: number; fps?: number } = {}): Promise<Buffer> {
  const { width = 64, height = 48, frames = 24, fps = 24 } = options
  return cachedFixture({ kind: 'mp4', version: 2, name: `${width}x${height}-${frames}f-${fps}fps.mp4` }, () =>
    encodeMp4({
      width,
      height,
      fps,
      frames,
      // A moving pattern, so every frame differs and the encoder does real work.
      draw: (f, out) => {
        for (let i = 0; i < out.data.length; i += 4) {
          out.data[i] = (f * 10 + i) % 256
          out.data[i + 1] = (i >> 4) % 256
          out.data[i + 2] = 128
          out.data[i + 3] = 255
        }
      },
    }),
  )
}
