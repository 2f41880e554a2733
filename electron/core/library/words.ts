/**
 * The prompts' words in memory (issue 24 item 3): for each run of letters in any prompt (its
 * search form, query.ts), the rowids whose prompt holds it. A search word made only of letters
 * can match only inside one such run, so its items are those of the runs that contain it: a look
 * through the vocabulary (thousands of words, not millions of prompts) and a few posting lists,
 * well ahead of a scan. A word with a digit, a sign or punctuation in it goes to the index's FTS
 * (index-db.ts) as before. Exact: what it answers is what a substring test of every prompt gives.
 */

/** A run of letters (and the marks that go with them): the unit both sides agree on. */
const RUN = /[\p{L}\p{M}]+/gu
const LETTERS_ONLY = /^[\p{L}\p{M}]+$/u

/** Whether this index can answer the word (else the FTS does). */
export const isLetterWord = (word: string): boolean => LETTERS_ONLY.test(word)

/** A growable list of rowids (4 bytes each). */
class Posting {
  ids = new Int32Array(4)
  length = 0
  push(rowid: number): void {
    if (this.length === this.ids.length) {
      const grown = new Int32Array(this.ids.length * 2)
      grown.set(this.ids)
      this.ids = grown
    }
    this.ids[this.length++] = rowid
  }
  /** Drops the spare room once loading is done (a posting doubles as it grows). */
  trim(): void {
    if (this.ids.length > this.length) this.ids = this.ids.slice(0, this.length)
  }
}

/** A cheap fingerprint of a prompt (FNV-1a): tells a changed prompt from the one indexed. */
function fingerprint(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h >>> 0 || 1
}

export class WordIndex {
  private readonly postings = new Map<string, Posting>()
  /** Per rowid, the fingerprint of the prompt its postings were made from (0: none). */
  private indexed = new Uint32Array(1024)
  /**
   * Rowids whose postings may be stale (the prompt changed, or the item changed while the index
   * was being read): their prompt now, tested directly; `null`: gone.
   */
  private readonly changed = new Map<number, string | null>()
  /** True once every row of the index file has been read. */
  ready = false

  /** Adds the words of one prompt read from the index file (loading). */
  addIndexed(rowid: number, search: string): void {
    if (this.changed.has(rowid)) return // a newer state is known already
    this.post(rowid, search)
  }

  /** An item added or changed (its prompt in search form), or removed (`null`). */
  set(rowid: number, search: string | null): void {
    if (search === null) {
      if (rowid < this.indexed.length && this.indexed[rowid]) this.changed.set(rowid, null)
      else this.changed.delete(rowid)
      return
    }
    const known = rowid < this.indexed.length ? this.indexed[rowid]! : 0
    // The same prompt (a favourite, a rating): nothing to do.
    if (known === fingerprint(search) && !this.changed.has(rowid)) return
    if (known === 0 && this.ready) return this.post(rowid, search)
    // Its postings (if any) may name words it no longer has, or it may still be read from the
    // file with its old prompt: what it holds now is tested directly.
    this.changed.set(rowid, search)
  }

  finish(): void {
    for (const posting of this.postings.values()) posting.trim()
    this.ready = true
  }

  /**
   * Marks in `marks` (by rowid) the words each item's prompt holds, a bit per word, and answers
   * the mark of an item that holds every one: the caller tests `marks[rowid] === all` as it sweeps
   * (no second pass over the rowids). All words must be letter words (`isLetterWord`), at most
   * eight; `marks` must be zeroed and longer than every rowid.
   */
  match(words: readonly string[], marks: Uint8Array): number {
    const all = (1 << words.length) - 1
    words.forEach((word, bit) => {
      for (const [run, posting] of this.postings) {
        if (!run.includes(word)) continue
        const { ids, length } = posting
        for (let i = 0; i < length; i++) marks[ids[i]!]! |= 1 << bit
      }
    })
    for (const [rowid, search] of this.changed) marks[rowid] = search !== null && words.every((w) => search.includes(w)) ? all : 0
    return all
  }

  private post(rowid: number, search: string): void {
    if (rowid >= this.indexed.length) {
      const grown = new Uint32Array(Math.max(rowid + 1, this.indexed.length * 2))
      grown.set(this.indexed)
      this.indexed = grown
    }
    this.indexed[rowid] = fingerprint(search)
    for (const run of new Set(search.match(RUN))) {
      let posting = this.postings.get(run)
      if (!posting) this.postings.set(run, (posting = new Posting()))
      posting.push(rowid)
    }
  }
}
