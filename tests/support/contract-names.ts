// What the build's `define` does for the bundles (see shared/names.ts), done for the tests.
import { eventNames, procedureNames } from '../../shared/contract'

Object.assign(globalThis, { __REELBOX_PROCEDURES__: procedureNames, __REELBOX_EVENTS__: eventNames })
