import { z } from 'zod'
import { InputImage } from '../draft'
import { procedure } from './define'

export const inputsProcedures = {
  /** A chosen or dropped image, as bytes, once; stored by content hash (base64 never crosses the bridge). */
  'inputs.import': procedure(
    z.strictObject({ name: z.string().min(1).max(255), bytes: z.instanceof(Uint8Array, { message: 'expected the image’s bytes' }) }),
    InputImage,
  ),
  /** Electron: the path `webUtils.getPathForFile` gives for a dropped file. */
  'inputs.importPath': procedure(z.strictObject({ path: z.string().min(1).max(4096) }), InputImage),
}
