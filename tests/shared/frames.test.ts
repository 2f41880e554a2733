import { describe, expect, it } from 'vitest'
import { decodeFrame, encodeFrame } from '../../shared/frames'

describe('WebSocket frames', () => {
  it('sends plain messages as JSON text', () => {
    const frame = encodeFrame({ id: 1, method: 'app.info' })
    expect(typeof frame).toBe('string')
    expect(decodeFrame(frame)).toEqual({ id: 1, method: 'app.info' })
  })

  it('carries dropped bytes as bytes, not base64, and restores them in place', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255])
    const frame = encodeFrame({ id: 7, method: 'inputs.import', input: { files: [{ name: 'a.png', bytes: png }, { name: 'b', bytes: new Uint8Array() }] } })
    expect(frame).toBeInstanceOf(Uint8Array)
    const text = new TextDecoder().decode(frame as Uint8Array)
    expect(text).not.toContain(Buffer.from(png).toString('base64'))
    const decoded = decodeFrame(frame) as { input: { files: Array<{ name: string; bytes: Uint8Array }> } }
    expect(Array.from(decoded.input.files[0]!.bytes)).toEqual(Array.from(png))
    expect(decoded.input.files[1]!.bytes.length).toBe(0)
  })

  it('refuses a truncated frame', () => {
    const frame = encodeFrame({ bytes: new Uint8Array(100) }) as Uint8Array
    expect(() => decodeFrame(frame.subarray(0, frame.length - 10))).toThrow(/Truncated/)
  })
})
