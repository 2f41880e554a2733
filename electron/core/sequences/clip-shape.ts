import type { ProblemParams } from '../../../shared/rules/problems'
import type { ClipIndex } from './clip-index'

/**
 * What must be the same in every clip for their packets to follow each other in one file without
 * re-encoding: the codec and its profile, the coded size, the rotation, the encoder's parameter
 * sets (H.264's SPS/PPS in `avcC`: a frame refers to them by number), and the sound's format
 * (its configuration box also holds bit rates, which differ clip to clip and do not matter).
 * One model at one resolution gives the same shape every time, the common case.
 */
export interface ClipShape {
  codec: string
  size: string
  rotation: string
  /** A digest of the decoder's description (avcC/hvcC…): equal bytes, interchangeable frames. */
  encoding: string
  /** Codec (with its profile), rate and channels: what an AAC or Opus frame's decoding depends on. */
  sound: string
}

export type Difference = Pick<ProblemParams['sequence.clipDiffers'], 'what' | 'expected' | 'found'>

export function shapeOf(clip: ClipIndex): ClipShape {
  const { video, audio } = clip
  return {
    codec: video.codec,
    size: video.size,
    rotation: video.rotation,
    encoding: video.config,
    sound: audio?.sound ?? 'none',
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
  if (clip.sound !== first.sound) return { what: 'soundFormat', expected: first.sound, found: clip.sound }
  return undefined
}
