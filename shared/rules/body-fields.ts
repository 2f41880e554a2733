import type { ModeSpec } from '../catalog'
import type { DraftField } from './problems'

/**
 * The Draft keys a body field is shown under (§2.1), so that the field a service names when it
 * refuses a parameter (§7 rule 1: "duration", "characterImages.2", "headtailImages.tail") is the
 * one marked in Create. `headtailImages` without its inner key marks both frames; a name the body
 * does not have (the service's own wording of a field) marks none.
 */
export function draftKeysOf(bodyField: string, spec: ModeSpec | undefined): DraftField[] {
  const [name, inner] = bodyField.split('.')
  switch (name) {
    case 'model':
      return ['modelId']
    case '_action':
      return ['mode']
    case 'prompt':
    case 'image':
    case 'duration':
    case 'resolution':
    case 'seed':
      return [name]
    case 'characterImages':
      return ['references']
    case 'headtailImages': {
      const frames = spec?.headtailImages
      if (inner !== undefined && inner === frames?.first) return ['first']
      if (inner !== undefined && inner === frames?.last) return ['last']
      return ['first', 'last']
    }
    default:
      return spec?.audio && name === spec.audio.field ? ['audio'] : []
  }
}
