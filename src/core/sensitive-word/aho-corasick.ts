/**
 * Aho–Corasick multi-pattern matching, and the sensitive-word matcher built on it.
 *
 * The automaton consumes code points (so a surrogate pair is one symbol and a pattern can never
 * match half of an emoji), while every reported position is a UTF-16 code-unit offset into the
 * original text, the unit `String.prototype.slice` uses.
 */

export interface Match<T> {
  /** The pattern as first given; spellings that fold to the same key are merged into it. */
  readonly pattern: string;
  /** Code-unit offset of the first matched code unit. */
  readonly start: number;
  /** Code-unit offset just past the match (exclusive), so `text.slice(start, end)` is the match. */
  readonly end: number;
  /** Payloads of every duplicate of the pattern, in input order. */
  readonly payloads: readonly T[];
}

export interface AhoCorasickOptions {
  /** Fold case when comparing (default true); see `foldCodePoint` for what folding means. */
  readonly caseInsensitive?: boolean;
}

interface PatternEntry<T> {
  readonly pattern: string;
  readonly payloads: T[];
}

class TrieNode<T> {
  /** Goto transitions keyed by (folded) code point; a Map because CJK makes the alphabet huge. */
  readonly next = new Map<number, TrieNode<T>>();
  /** Longest proper suffix of this node's string that is also a trie node (the root's is itself). */
  fail: TrieNode<T> = this;
  /** The pattern ending exactly at this node, if any. */
  output: PatternEntry<T> | undefined;
  /** Nearest node along the fail chain that has an output, so reporting costs O(matches). */
  outputLink: TrieNode<T> | undefined;
}

const MAX_BMP = 0xffff;

/**
 * Simple one-to-one lower-casing of a code point. A mapping is applied only when the result is a
 * single code point of the same UTF-16 length, which keeps every match's span in the original
 * text identical to its span in the folded text. Multi-character mappings (e.g. "İ" → "i̇") are
 * left unfolded; scripts without case, such as Chinese, map to themselves.
 */
function foldCodePoint(codePoint: number): number {
  if (codePoint < 0x80) {
    return codePoint >= 0x41 && codePoint <= 0x5a ? codePoint + 0x20 : codePoint;
  }
  const original = String.fromCodePoint(codePoint);
  const lower = original.toLowerCase();
  const folded = lower.codePointAt(0);
  if (folded === undefined || lower.length !== original.length) return codePoint;
  return (folded > MAX_BMP) === (codePoint > MAX_BMP) ? folded : codePoint;
}

function keepCodePoint(codePoint: number): number {
  return codePoint;
}

function codeUnitLength(codePoint: number): number {
  return codePoint > MAX_BMP ? 2 : 1;
}

export class AhoCorasick<T> {
  private readonly root = new TrieNode<T>();
  private readonly fold: (codePoint: number) => number;

  constructor(
    patterns: Iterable<readonly [pattern: string, payload: T]>,
    options: AhoCorasickOptions = {},
  ) {
    this.fold = options.caseInsensitive === false ? keepCodePoint : foldCodePoint;
    for (const [pattern, payload] of patterns) this.insert(pattern, payload);
    this.linkFailures();
  }

  /**
   * Every occurrence of every pattern, overlapping ones included, ordered by `end` and then by
   * `start`. Runs in O(text length + number of matches).
   */
  findAll(text: string): Match<T>[] {
    const matches: Match<T>[] = [];
    this.scan(text, (node, end) => {
      // The output links visit ever shorter suffixes, so equal ends come out in `start` order.
      for (let hit = node.output ? node : node.outputLink; hit; hit = hit.outputLink) {
        const entry = hit.output as PatternEntry<T>; // output links only target nodes with output
        matches.push({
          pattern: entry.pattern,
          start: end - entry.pattern.length,
          end,
          payloads: entry.payloads,
        });
      }
      return false;
    });
    return matches;
  }

  /** Whether any pattern occurs in `text`; stops scanning at the first occurrence. */
  containsAny(text: string): boolean {
    return this.scan(text, (node) => node.output !== undefined || node.outputLink !== undefined);
  }

  private insert(pattern: string, payload: T): void {
    if (pattern === '') return;
    let node = this.root;
    for (let i = 0; i < pattern.length; ) {
      const codePoint = pattern.codePointAt(i) as number; // i < length, so defined
      i += codeUnitLength(codePoint);
      const symbol = this.fold(codePoint);
      let child = node.next.get(symbol);
      if (!child) {
        child = new TrieNode<T>();
        node.next.set(symbol, child);
      }
      node = child;
    }
    if (node.output) node.output.payloads.push(payload);
    else node.output = { pattern, payloads: [payload] };
  }

  /** Breadth-first, so every node's fail target (a shallower node) is final before it is used. */
  private linkFailures(): void {
    const queue: TrieNode<T>[] = [];
    for (const child of this.root.next.values()) {
      child.fail = this.root;
      queue.push(child);
    }
    for (let head = 0; head < queue.length; head++) {
      const node = queue[head] as TrieNode<T>;
      for (const [symbol, child] of node.next) {
        child.fail = this.step(node.fail, symbol);
        child.outputLink = child.fail.output ? child.fail : child.fail.outputLink;
        queue.push(child);
      }
    }
  }

  /** The automaton's transition: follow fail links until `symbol` can be consumed. */
  private step(from: TrieNode<T>, symbol: number): TrieNode<T> {
    let node = from;
    for (;;) {
      const next = node.next.get(symbol);
      if (next) return next;
      if (node === this.root) return node;
      node = node.fail;
    }
  }

  /**
   * Feeds `text` through the automaton, calling `visit` with the state after each code point and
   * the code-unit offset just past it; stops early (returning true) once `visit` returns true.
   */
  private scan(text: string, visit: (node: TrieNode<T>, end: number) => boolean): boolean {
    if (this.root.next.size === 0) return false;
    let node = this.root;
    for (let i = 0; i < text.length; ) {
      const codePoint = text.codePointAt(i) as number; // i < length, so defined
      i += codeUnitLength(codePoint);
      node = this.step(node, this.fold(codePoint));
      if (visit(node, i)) return true;
    }
    return false;
  }
}

export interface SensitiveWord {
  readonly name: string;
  readonly tags: readonly string[];
  readonly enabled: boolean;
}

export interface SensitiveWordOccurrence {
  readonly start: number;
  readonly end: number;
}

export interface SensitiveWordHit {
  /** The word's name (first spelling, when case-folded duplicates exist). */
  readonly word: string;
  /** Tags of the word's entries that passed the tag filter, de-duplicated. */
  readonly tags: readonly string[];
  /** Every occurrence in the text, in text order. */
  readonly occurrences: readonly SensitiveWordOccurrence[];
}

interface HitBuilder {
  readonly word: string;
  readonly tags: readonly string[];
  readonly occurrences: SensitiveWordOccurrence[];
}

/**
 * Sensitive-word lookup over the enabled words. Immutable: build a new one whenever the word list
 * changes (construction is linear in the total length of the words).
 */
export class SensitiveWordMatcher {
  private readonly automaton: AhoCorasick<SensitiveWord>;

  constructor(words: Iterable<SensitiveWord>, options: AhoCorasickOptions = {}) {
    const enabled: [string, SensitiveWord][] = [];
    for (const word of words) if (word.enabled) enabled.push([word.name, word]);
    this.automaton = new AhoCorasick(enabled, options);
  }

  /**
   * Distinct sensitive words found in `text`, ordered by where their first occurrence ends. With
   * a non-empty `tags`, only words carrying at least one of those tags count; otherwise every
   * enabled word does.
   */
  validate(text: string, tags?: readonly string[]): SensitiveWordHit[] {
    const wanted = tags && tags.length > 0 ? new Set(tags) : undefined;
    // `null` remembers a pattern whose words all fail the tag filter.
    const hits = new Map<string, HitBuilder | null>();
    for (const match of this.automaton.findAll(text)) {
      let hit = hits.get(match.pattern);
      if (hit === undefined) {
        const words = wanted
          ? match.payloads.filter((word) => word.tags.some((tag) => wanted.has(tag)))
          : match.payloads;
        hit =
          words.length === 0
            ? null
            : {
                word: match.pattern,
                tags: [...new Set(words.flatMap((word) => word.tags))],
                occurrences: [],
              };
        hits.set(match.pattern, hit);
      }
      hit?.occurrences.push({ start: match.start, end: match.end });
    }
    return [...hits.values()].filter((hit): hit is HitBuilder => hit !== null);
  }
}
