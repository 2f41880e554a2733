import type { Handlers } from '../../../shared/contract/define'
import type { inputsProcedures } from '../../../shared/contract/inputs'
import type { InputStore } from '../images/store'
import { assertMayNamePaths } from './callers'

export function inputsHandlers(inputs: InputStore): Handlers<typeof inputsProcedures> {
  return {
    'inputs.import': async ({ name, bytes }) => inputs.import({ name, bytes }),
    'inputs.importPath': async ({ path }, ctx) => {
      assertMayNamePaths(ctx)
      return inputs.importPath(path)
    },
    'inputs.crop': async ({ hash, rect }) => inputs.crop(hash, rect),
  }
}
