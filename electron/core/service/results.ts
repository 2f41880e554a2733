import type { FoundShape } from '../../../shared/rules/problems'
import { readPath } from './json-path'

/**
 * Result URLs and posters where a profile says (§2.3 `urls`; other services: `data.outputs[].url`,
 * `data.video_url`): a list of strings, each element's value under `[]`, or one string. What
 * cannot be read as URLs is described, so the designer learns what the service did send.
 */
export type UrlsReading = { urls: string[] } | { found: FoundShape; count?: number }

/** What a value is, in the words a message about it needs ("a list of 2 objects"). */
export function shapeOf(value: unknown): { found: FoundShape; count?: number } {
  if (value === undefined || value === null) return { found: 'nothing' }
  if (Array.isArray(value)) {
    const kinds = new Set(value.filter((item) => item !== null && item !== undefined).map(elementKind))
    const found: FoundShape = kinds.size === 0 ? 'nothing' : kinds.size > 1 ? 'mixed' : [...kinds][0]!
    return { found, count: value.length }
  }
  if (typeof value === 'object') return { found: 'object' }
  if (typeof value === 'number') return { found: 'number' }
  if (typeof value === 'boolean') return { found: 'boolean' }
  return { found: 'text' }
}

function elementKind(item: unknown): FoundShape {
  if (Array.isArray(item)) return 'lists'
  if (typeof item === 'object') return 'objects'
  if (typeof item === 'string') return 'texts'
  return typeof item === 'number' ? 'numbers' : 'mixed'
}

/** The URLs at `path`; empty strings and absent elements are no URL (a task still running). */
export function readUrls(json: unknown, path: string): UrlsReading {
  const value = readPath(json, path)
  if (value === undefined || value === null || value === '') return { urls: [] }
  if (typeof value === 'string') return { urls: [value] }
  if (Array.isArray(value)) {
    const present = value.filter((item) => item !== undefined && item !== null && item !== '')
    if (present.every((item) => typeof item === 'string')) return { urls: present as string[] }
  }
  return shapeOf(value)
}

/**
 * The service's posters, by result: with `[]` each element's own, else one poster for the first
 * result, or a list of strings in result order. Anything else is no poster (the page draws one).
 */
export function readPosters(json: unknown, path: string | undefined): Array<string | null> {
  if (!path) return []
  const value = readPath(json, path)
  if (typeof value === 'string') return value ? [value] : []
  if (!Array.isArray(value)) return []
  return value.map((item) => (typeof item === 'string' && item ? item : null))
}
