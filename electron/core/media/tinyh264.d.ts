/** tinyh264 ships no types: the two modules the engine uses (media/baseline-frame.ts). */
declare module 'tinyh264/es/TinyH264.js' {
  export interface TinyH264Module {
    readonly ready: Promise<unknown>
  }
  const factory: (module?: object) => Promise<TinyH264Module>
  export default factory
}

declare module 'tinyh264/es/TinyH264Decoder.js' {
  import type { TinyH264Module } from 'tinyh264/es/TinyH264.js'
  export default class TinyH264Decoder {
    constructor(module: TinyH264Module, onPictureReady: (picture: Uint8Array, width: number, height: number) => void)
    decode(accessUnit: Uint8Array): void
    release(): void
  }
}
