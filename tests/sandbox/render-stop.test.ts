import { describe, expect, it } from 'vitest'
import { encodeMp4 } from '../../electron/sandbox/render/encode'

/** The Sandbox's close stops its renders (start.ts): an encode stops at its next frame, and the encoder still works after. */
describe('Sandbox renders stopped by close', () => {
  it('an encode stops at the frame after the stop, says why, and the next encode is whole', async () => {
    const stop = new AbortController()
    let drawn = 0
    const stopped = encodeMp4({ width: 64, height: 36, fps: 10, frames: 50, signal: stop.signal, draw: () => void (++drawn === 3 && stop.abort(new Error('the Sandbox closed'))) })
    await expect(stopped).rejects.toThrow('the Sandbox closed')
    expect(drawn).toBe(3)
    // Waiting its turn when stopped: never begins.
    await expect(encodeMp4({ width: 64, height: 36, fps: 10, frames: 5, signal: stop.signal, draw: () => void drawn++ })).rejects.toThrow('the Sandbox closed')
    expect(drawn).toBe(3)
    const after = await encodeMp4({ width: 64, height: 36, fps: 10, frames: 5, draw: () => undefined })
    expect(Buffer.from(after.subarray(4, 8)).toString('latin1')).toBe('ftyp')
  })
})
