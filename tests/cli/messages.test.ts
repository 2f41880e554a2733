import { describe, expect, it } from 'vitest'
import { describeProblem } from '../../electron/cli/messages'

/** The terminal names a storyboard's takes by their shots, as the Storyboard screen does, and a sequence's by clip. */
describe('the CLI words clips that cannot be joined', () => {
  it('by shot on a storyboard, by clip in a sequence', () => {
    const params = { index: 2, name: 'dusk.mp4', first: 'dawn.mp4', what: 'size', expected: '1920×1080', found: '1280×720' } as const
    expect(describeProblem({ code: 'sequence.clipDiffers', params: { ...params, shots: true } })).toBe(
      'shot 2 (dusk.mp4) is 1280×720, and shot 1 (dawn.mp4) is 1920×1080; shots are joined without re-encoding, so they must match (same model and resolution)',
    )
    expect(describeProblem({ code: 'sequence.clipDiffers', params: { ...params, what: 'encoding', shots: true } })).toMatch(/^shot 2 \(dusk\.mp4\) was encoded with other settings than shot 1 \(dawn\.mp4\);/)
    expect(describeProblem({ code: 'sequence.clipDiffers', params })).toMatch(/^clip 2 \(dusk\.mp4\) is 1280×720, and clip 1 \(dawn\.mp4\) is 1920×1080;/)
  })
})
