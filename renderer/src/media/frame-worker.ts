/// <reference lib="webworker" />
import { decodeFrame, type VideoInput } from './frame-decode'

/** The page asks for frames here (media/frames.ts); each answer carries its request's id. */
export interface FrameRequest {
  id: number
  source: VideoInput
  at: number | 'last'
  encode: boolean
}

const scope = self as unknown as DedicatedWorkerGlobalScope

scope.onmessage = async ({ data }: MessageEvent<FrameRequest>) => {
  try {
    const frame = await decodeFrame(data.source, data.at, data.encode)
    scope.postMessage({ id: data.id, frame }, frame.bitmap ? [frame.bitmap] : [])
  } catch (error) {
    scope.postMessage({ id: data.id, error: error instanceof Error ? error.message : String(error) })
  }
}
