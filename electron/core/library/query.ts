import type { z } from 'zod'
import type { LibraryQuery } from '../../../shared/library'

export type ParsedQuery = z.output<typeof LibraryQuery>

/** Full-width letters fold to ASCII and case folds, so "ＣＡＴ" finds "cat"; CJK is matched as is. */
export function searchable(text: string): string {
  return text.normalize('NFKC').toLowerCase()
}

/**
 * A query's search words in search form. Every word must appear in the prompt (a substring, so
 * CJK needs no spaces); the index finds them (index-db.ts).
 */
export function searchWords(q: Pick<ParsedQuery, 'search'>): string[] {
  return q.search ? searchable(q.search).split(/\s+/u).filter(Boolean) : []
}
