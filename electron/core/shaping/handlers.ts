import type { CoreHandlers } from '../../../shared/contract'
import { checkDraftWithImages, type ShapingDeps } from './request'

type DraftHandlers = Pick<CoreHandlers, 'drafts.check'>

export function draftHandlers(deps: ShapingDeps): DraftHandlers {
  return {
    'drafts.check': async ({ draft }) => {
      const { ok, fields, images } = await checkDraftWithImages(deps, draft)
      return { ok, fields, images }
    },
  }
}
