import { createHash } from 'node:crypto'
import type { Input, InputAudioTrack, InputVideoTrack } from 'mediabunny'
import type { ProblemParams } from '../../../shared/rules/problems'

/**
 * What must be the same in every clip for their packets to follow each other in one file without
 * re-encoding: the codec and its profile, the coded size, the rotation, the encoder's parameter
 * sets (H.264's SPS/PPS in `avcC`: a frame refers to them by number), and the sound's format.
 * One model at one resolution gives the same shape every time, the common case.
 */
export interface ClipShape {
  codec: string
  size: string
  rotation: string
  /** A digest of the decoder's description (avcC/hvcC…): equal bytes, interchangeable frames. */
  encoding: string
  sound: string
  soundEncoding: string
}

export type Difference = Pick<ProblemParams['sequence.clipDiffers'], 'what' | 'expected' | 'found'>

const digest = (bytes: AllowSharedBufferSource | undefined): string => {
  if (!bytes) return 'none'
  const view = ArrayBuffer.isView(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : new Uint8Array(bytes)
  return createHash('sha256').update(view).digest('hex').slice(0, 16)
}

export async function shapeOf(video: InputVideoTrack, audio: InputAudioTrack | null): Promise<ClipShape> {
  const config = await video.getDecoderConfig()
  const soundConfig = audio ? await audio.getDecoderConfig() : null
  return {
    codec: (await video.getCodecParameterString()) ?? (await video.getCodec()) ?? 'unknown',
    size: `${await video.getCodedWidth()}×${await video.getCodedHeight()}`,
    rotation: `${await video.getRotation()}°`,
    encoding: digest(config?.description),
    sound: soundConfig ? `${soundConfig.codec}, ${soundConfig.sampleRate} Hz, ${soundConfig.numberOfChannels === 1 ? 'mono' : soundConfig.numberOfChannels === 2 ? 'stereo' : `${soundConfig.numberOfChannels} channels`}` : 'none',
    soundEncoding: digest(soundConfig?.description),
  }
}

/** How `clip` differs from `first`, in the order a designer would look for it; undefined when it does not. */
export function differenceOf(first: ClipShape, clip: ClipShape): Difference | undefined {
  // Size first: a clip of another size has another codec level too, and its size is what a designer knows.
  if (clip.size !== first.size) return { what: 'size', expected: first.size, found: clip.size }
  if (clip.codec !== first.codec) return { what: 'codec', expected: first.codec, found: clip.codec }
  if (clip.rotation !== first.rotation) return { what: 'rotation', expected: first.rotation, found: clip.rotation }
  if (clip.encoding !== first.encoding) return { what: 'encoding', expected: first.encoding, found: clip.encoding }
  if ((clip.sound === 'none') !== (first.sound === 'none')) return { what: 'sound', expected: first.sound, found: clip.sound }
  if (clip.sound !== first.sound || clip.soundEncoding !== first.soundEncoding) return { what: 'soundFormat', expected: first.sound, found: clip.sound }
  return undefined
}

/** A clip opened for joining: its tracks and shape. */
export interface OpenClip {
  input: Input
  video: InputVideoTrack
  audio: InputAudioTrack | null
  shape: ClipShape
}
