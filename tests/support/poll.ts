/**
 * Asks again and again until `done(answer)` holds, as a client polls a service that pushes
 * nothing (the spec's query operation): for remote state only, never for our own events, which
 * can be awaited. Returns every answer seen and the last; throws after `attempts` asks.
 */
export async function pollUntil<T>(
  ask: () => Promise<T>,
  done: (answer: T) => boolean,
  options: { intervalMs?: number; attempts?: number; failure?: (seen: T[]) => string } = {},
): Promise<{ seen: T[]; last: T }> {
  const { intervalMs = 10, attempts = 1000 } = options
  const seen: T[] = []
  for (let attempt = 0; attempt < attempts; attempt++) {
    const last = await ask()
    seen.push(last)
    if (done(last)) return { seen, last }
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
  throw new Error(options.failure?.(seen) ?? `still not done after ${attempts} asks`)
}
