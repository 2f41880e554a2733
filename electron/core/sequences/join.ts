import { rm } from 'node:fs/promises'
import type { EncodedAudioPacketSource, EncodedPacket, EncodedPacketSink, EncodedVideoPacketSource } from 'mediabunny'
import { problemError } from '../../../shared/errors'
import { problem } from '../../../shared/rules/problems'
import { differenceOf, type OpenClip, shapeOf } from './clip-shape'

/** A clip to join: its file (never from the page: the engine resolves library ids) and its name for messages. */
export interface JoinClip {
  file: string
  name: string
}

export interface Joined {
  durationSec: number
  videoPackets: number
}

/**
 * Joins clips into one MP4 at `to` by packet copy (issue 16 item 3): every frame is the clips'
 * own bytes, their timestamps moved along so each clip starts where the one before ends. No
 * re-encoding, so the clips must share one shape (clip-shape.ts); the first that differs is
 * refused by name, saying how (`sequence.clipDiffers`). The index is reserved at the front
 * (`fastStart: 'reserve'`, sized by the packet counts), so the file streams from its first bytes
 * and nothing is held in memory. `tags` become QuickTime keyed metadata, like a clip's settings.
 */
export async function joinClips(clips: readonly JoinClip[], to: string, tags: Record<string, string> = {}): Promise<Joined> {
  if (clips.length === 0) throw problemError('INVALID_INPUT', problem('sequence.empty', { clips: 0 }))
  const mb = await import('mediabunny')
  const open: OpenClip[] = []
  try {
    for (const clip of clips) {
      const input = new mb.Input({ source: new mb.FilePathSource(clip.file), formats: mb.ALL_FORMATS })
      const video = await input.getPrimaryVideoTrack()
      if (!video) throw problemError('INVALID_INPUT', problem('video.notWhole', { name: clip.name, reason: 'it has no video track' }))
      const audio = await input.getPrimaryAudioTrack()
      open.push({ input, video, audio, shape: await shapeOf(video, audio) })
    }
    const first = open[0]!
    open.forEach((clip, i) => {
      const difference = differenceOf(first.shape, clip.shape)
      if (difference) throw problemError('INVALID_INPUT', problem('sequence.clipDiffers', { index: i + 1, name: clips[i]!.name, first: clips[0]!.name, ...difference }))
    })

    const count = async (pick: (clip: OpenClip) => OpenClip['video'] | OpenClip['audio']): Promise<number> => {
      let total = 0
      for (const clip of open) total += (await pick(clip)?.computePacketStats())?.packetCount ?? 0
      return total
    }
    const output = new mb.Output({ format: new mb.Mp4OutputFormat({ fastStart: 'reserve', metadataFormat: 'mdta' }), target: new mb.FilePathTarget(to) })
    const videoOut = new mb.EncodedVideoPacketSource((await first.video.getCodec())!)
    output.addVideoTrack(videoOut, { rotation: await first.video.getRotation(), maximumPacketCount: await count((c) => c.video) })
    let audioOut: EncodedAudioPacketSource | undefined
    if (first.audio) {
      audioOut = new mb.EncodedAudioPacketSource((await first.audio.getCodec())!)
      output.addAudioTrack(audioOut, { maximumPacketCount: await count((c) => c.audio) })
    }
    if (Object.keys(tags).length > 0) output.setMetadataTags({ raw: tags })
    await output.start()

    let offset = 0
    let videoPackets = 0
    const videoConfig = (await first.video.getDecoderConfig()) ?? undefined
    const audioConfig = (await first.audio?.getDecoderConfig()) ?? undefined
    for (const [i, clip] of open.entries()) {
      const start = await clip.input.getFirstTimestamp()
      const tracks = [clip.video, ...(clip.audio ? [clip.audio] : [])]
      const end = await clip.input.computeDuration(tracks)
      videoPackets += await copyPackets(new mb.EncodedPacketSink(clip.video), videoOut, offset - start, i === 0 && videoConfig ? { decoderConfig: videoConfig } : undefined)
      if (clip.audio && audioOut) await copyPackets(new mb.EncodedPacketSink(clip.audio), audioOut, offset - start, i === 0 && audioConfig ? { decoderConfig: audioConfig } : undefined)
      offset += end - start
    }
    await output.finalize()
    return { durationSec: offset, videoPackets }
  } catch (error) {
    await rm(to, { force: true })
    throw error
  } finally {
    for (const clip of open) clip.input.dispose()
  }
}

type PacketTarget = EncodedVideoPacketSource | EncodedAudioPacketSource

/** One track's packets in decode order, shifted by `shift` seconds; the decoder config goes with the first. */
async function copyPackets(sink: EncodedPacketSink, target: PacketTarget, shift: number, meta: { decoderConfig: VideoDecoderConfig | AudioDecoderConfig } | undefined): Promise<number> {
  let n = 0
  for await (const packet of sink.packets()) {
    const moved: EncodedPacket = shift === 0 ? packet : packet.clone({ timestamp: packet.timestamp + shift })
    // The two sources take their own kind of metadata; `meta` was read from the same kind of track.
    await (target as EncodedVideoPacketSource).add(moved, n === 0 ? (meta as EncodedVideoChunkMetadata | undefined) : undefined)
    n++
  }
  return n
}
