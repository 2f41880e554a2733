import { z } from 'zod'
import { InputImage } from '../draft'
import { procedure } from './define'

/** A rectangle in an image's pixels, as displayed (EXIF orientation applied). */
export const CropRect = z.strictObject({ left: z.number().int().min(0), top: z.number().int().min(0), width: z.number().int().min(1), height: z.number().int().min(1) })
export type CropRect = z.infer<typeof CropRect>

export const inputsProcedures = {
  /** A chosen or dropped image, as bytes, once; stored by content hash (base64 never crosses the bridge). */
  'inputs.import': procedure(
    z.strictObject({ name: z.string().min(1).max(255), bytes: z.instanceof(Uint8Array, { message: 'expected the image’s bytes' }) }),
    InputImage,
  ),
  /** Electron: the path `webUtils.getPathForFile` gives for a dropped file. */
  'inputs.importPath': procedure(z.strictObject({ path: z.string().min(1).max(4096) }), InputImage),
  /**
   * Crop to fit: a rectangle of a stored image (its pixels as displayed), done by the engine and
   * stored as a new input (its own hash); the original stays for Undo.
   */
  'inputs.crop': procedure(
    z.strictObject({
      hash: z.string().regex(/^[a-f0-9]{64}$/, 'must be a sha-256 hex digest'),
      rect: CropRect,
    }),
    InputImage,
  ),
}
