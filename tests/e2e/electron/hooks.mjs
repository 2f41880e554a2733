// Resolves `electron` (from the app's bundle and from electron-store) to the stand-in.
let standIn

export function initialize(data) {
  standIn = data.standIn
}

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron') return { url: standIn, shortCircuit: true }
  return nextResolve(specifier, context)
}
