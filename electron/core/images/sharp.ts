import type Sharp from 'sharp'

let loading: Promise<typeof Sharp> | undefined

/**
 * sharp (libvips) takes about 100 ms to load, more than a `reelbox` command that touches no
 * image spends in all: it is loaded when an image is first read, not when the engine starts.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default)
  return loading
}
