// @ts-check
// Patterns matched in time linear in the value (docs/guide/catalog.md,
// "Patterns"; docs/guide/conformance.md, "Detail values"). JavaScript's
// RegExp backtracks: a pattern such as ^(a+)+$ takes time exponential in
// a value that almost matches, and a value a caller controls would stall
// the server. errgen check accepts only patterns without lookarounds and
// back references, which are regular, so they are matched here as RE2
// matches them: the pattern is parsed (ECMAScript syntax with the u flag),
// compiled to an automaton (Thompson's construction), and the value read
// once, a character at a time, through a deterministic automaton built from
// it as the value needs its states and kept for the next value (a lazy
// DFA). Each character costs one lookup once its state is built, and
// building one costs at most the automaton's size: the work is linear in
// the value whatever the pattern. The formats' expressions (check.js) are
// matched the same way.

/** Code points: the ends of a range, inclusive. @typedef {[number, number]} Range */

/**
 * A parsed pattern.
 * @typedef {{ t: "chars", ranges: Range[] }
 *   | { t: "cat", items: Node[] }
 *   | { t: "alt", items: Node[] }
 *   | { t: "rep", sub: Node, min: number, max: number }
 *   | { t: "assert", kind: number }} Node
 */

const MAX_CODE_POINT = 0x10ffff;
/** The largest count of a braced quantifier, as Go's RE2 allows. */
const MAX_REPEAT = 1000;

// the assertions
const BEGIN = 0;
const END = 1;
const WORD_BOUNDARY = 2;
const NOT_WORD_BOUNDARY = 3;

/** @type {Range[]} */
const DIGIT = [[0x30, 0x39]];
/** @type {Range[]} */
const WORD = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
/** ECMAScript's white space and line terminators (\s). @type {Range[]} */
const SPACE = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
/** Every character but the line terminators (.). @type {Range[]} */
const DOT = negate([
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
]);

/**
 * normalize sorts ranges and merges those that touch.
 * @param {Range[]} ranges
 * @returns {Range[]}
 */
function normalize(ranges) {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  /** @type {Range[]} */
  const out = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

/**
 * negate returns the code points that normalized ranges leave out.
 * @param {Range[]} ranges
 * @returns {Range[]}
 */
function negate(ranges) {
  /** @type {Range[]} */
  const out = [];
  let next = 0;
  for (const [lo, hi] of ranges) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

/**
 * foldAscii adds the other case of every ASCII letter in normalized
 * ranges: JavaScript's i flag without u, which folds no other character
 * into ASCII.
 * @param {Range[]} ranges
 * @returns {Range[]}
 */
function foldAscii(ranges) {
  /** @type {Range[]} */
  const more = [...ranges];
  for (const [lo, hi] of ranges) {
    for (const [a, z, shift] of [
      [0x41, 0x5a, 0x20],
      [0x61, 0x7a, -0x20],
    ]) {
      const from = Math.max(lo, /** @type {number} */ (a));
      const to = Math.min(hi, /** @type {number} */ (z));
      if (from <= to) more.push([from + /** @type {number} */ (shift), to + /** @type {number} */ (shift)]);
    }
  }
  return normalize(more);
}

/**
 * contains reports whether normalized ranges hold the code point c.
 * @param {Range[]} ranges
 * @param {number} c
 */
function contains(ranges, c) {
  let lo = 0;
  let hi = ranges.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const r = /** @type {Range} */ (ranges[mid]);
    if (c < r[0]) hi = mid;
    else if (c > r[1]) lo = mid + 1;
    else return true;
  }
  return false;
}

/** @param {number} c */
function isWord(c) {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || (c >= 0x61 && c <= 0x7a);
}

/** @param {number} c */
function isHex(c) {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/** @param {number} c */
function isDecimal(c) {
  return c >= 0x30 && c <= 0x39;
}

/** The characters an identity escape may escape with the u flag. */
const SYNTAX = new Set([..."^$\\.*+?()[]{}|/"].map((c) => /** @type {number} */ (c.codePointAt(0))));

const GROUP_NAME = /^[$_\p{ID_Start}][$\u200c\u200d\p{ID_Continue}]*$/u;

/** Thrown by the parser: the pattern is not one errgen check accepts. */
class Refused extends Error {}

/** Parses an ECMAScript pattern read with the u flag (and no other). */
class Parser {
  /**
   * @param {string} source
   * @param {boolean} ignoreCase the i flag (without u: ASCII letters only)
   */
  constructor(source, ignoreCase) {
    /** @type {number[]} */
    this.s = Array.from(source, (c) => /** @type {number} */ (c.codePointAt(0)));
    this.i = 0;
    this.ignoreCase = ignoreCase;
    /** @type {Set<string>} */
    this.names = new Set();
  }

  /** @param {number} [ahead] */
  peek(ahead = 0) {
    const c = this.s[this.i + ahead];
    return c === undefined ? -1 : c;
  }

  /** @param {string} ch */
  is(ch, ahead = 0) {
    return this.peek(ahead) === ch.codePointAt(0);
  }

  /**
   * chars is a node of one class; the i flag folds it.
   * @param {Range[]} ranges normalized
   * @param {boolean} [negated]
   * @returns {Node}
   */
  chars(ranges, negated = false) {
    if (this.ignoreCase) ranges = foldAscii(ranges);
    return { t: "chars", ranges: negated ? negate(ranges) : ranges };
  }

  /** @returns {Node} */
  parse() {
    const n = this.disjunction();
    if (this.i < this.s.length) throw new Refused("unmatched )");
    return n;
  }

  /** @returns {Node} */
  disjunction() {
    const items = [this.alternative()];
    while (this.is("|")) {
      this.i++;
      items.push(this.alternative());
    }
    return items.length === 1 ? /** @type {Node} */ (items[0]) : { t: "alt", items };
  }

  /** @returns {Node} */
  alternative() {
    /** @type {Node[]} */
    const items = [];
    while (this.i < this.s.length && !this.is("|") && !this.is(")")) items.push(this.term());
    return { t: "cat", items };
  }

  /** @returns {Node} */
  term() {
    /** @type {Node} */
    let atom;
    if (this.is("^") || this.is("$")) {
      atom = { t: "assert", kind: this.is("^") ? BEGIN : END };
      this.i++;
      return this.unquantified(atom);
    }
    if (this.is("\\") && (this.is("b", 1) || this.is("B", 1))) {
      atom = { t: "assert", kind: this.is("b", 1) ? WORD_BOUNDARY : NOT_WORD_BOUNDARY };
      this.i += 2;
      return this.unquantified(atom);
    }
    const c = this.peek();
    this.i++;
    switch (c) {
      case 0x5c: // \
        atom = this.atomEscape();
        break;
      case 0x28: // (
        atom = this.group();
        break;
      case 0x5b: // [
        atom = this.characterClass();
        break;
      case 0x2e: // .
        atom = { t: "chars", ranges: DOT };
        break;
      case 0x2a: // *
      case 0x2b: // +
      case 0x3f: // ?
      case 0x7b: // {
      case 0x7d: // }
      case 0x5d: // ]
        throw new Refused("nothing to repeat, or a lone bracket");
      default:
        atom = this.chars([[c, c]]);
    }
    return this.quantified(atom);
  }

  /**
   * unquantified returns an assertion, refusing a quantifier after it.
   * @param {Node} atom
   */
  unquantified(atom) {
    if (this.is("*") || this.is("+") || this.is("?") || this.is("{")) throw new Refused("nothing to repeat");
    return atom;
  }

  /**
   * quantified reads the quantifier after atom, if any.
   * @param {Node} atom
   * @returns {Node}
   */
  quantified(atom) {
    let min = 0;
    let max = Infinity;
    if (this.is("{")) {
      [min, max] = this.braced();
    } else {
      if (this.is("+")) min = 1;
      else if (this.is("?")) max = 1;
      else if (!this.is("*")) return atom;
      this.i++;
    }
    if (this.is("?")) this.i++; // lazy: the same strings match
    if (this.is("*") || this.is("+") || this.is("?") || this.is("{")) throw new Refused("nothing to repeat");
    return { t: "rep", sub: atom, min, max };
  }

  /**
   * braced reads {n}, {n,} or {n,m}, its } included.
   * @returns {[number, number]}
   */
  braced() {
    this.i++; // {
    const min = this.number();
    let max = min;
    if (this.is(",")) {
      this.i++;
      max = this.is("}") ? Infinity : this.number();
    }
    if (!this.is("}")) throw new Refused("incomplete quantifier");
    this.i++;
    if (max < min) throw new Refused("numbers out of order in {} quantifier");
    if (min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT)) throw new Refused("repetition count over 1000");
    return [min, max];
  }

  number() {
    const start = this.i;
    let n = 0;
    while (isDecimal(this.peek())) n = n * 10 + (/** @type {number} */ (this.s[this.i++]) - 0x30);
    if (this.i === start) throw new Refused("incomplete quantifier");
    return n;
  }

  /** @returns {Node} */
  group() {
    if (this.is("?")) {
      if (this.is(":", 1)) {
        this.i += 2;
      } else if (this.is("<", 1) && !this.is("=", 2) && !this.is("!", 2)) {
        this.i += 2;
        const end = this.s.indexOf(0x3e, this.i); // >
        const name = end < 0 ? "" : String.fromCodePoint(...this.s.slice(this.i, end));
        if (!GROUP_NAME.test(name) || this.names.has(name)) throw new Refused("invalid group name");
        this.names.add(name);
        this.i = end + 1;
      } else {
        throw new Refused("lookaround or inline flags");
      }
    }
    const n = this.disjunction();
    if (!this.is(")")) throw new Refused("unterminated group");
    this.i++;
    return n;
  }

  /**
   * classEscape reads the escape whose \ is read, when it is \d, \D, \s,
   * \S, \w or \W: its ranges.
   * @returns {{ ranges: Range[], negated: boolean } | null}
   */
  classEscape() {
    const e = String.fromCodePoint(this.peek() < 0 ? 0 : this.peek());
    /** @type {Range[] | undefined} */
    const ranges = { d: DIGIT, D: DIGIT, s: SPACE, S: SPACE, w: WORD, W: WORD }[e];
    if (ranges === undefined) return null;
    this.i++;
    return { ranges, negated: e === e.toUpperCase() };
  }

  /** @returns {Node} */
  atomEscape() {
    const cls = this.classEscape();
    if (cls !== null) return this.chars(cls.ranges, cls.negated);
    const c = this.characterEscape();
    return this.chars([[c, c]]);
  }

  /**
   * characterEscape reads an escape of one character, its \ read.
   * @returns {number}
   */
  characterEscape() {
    const e = this.peek();
    this.i++;
    switch (e) {
      case 0x66: // f
        return 0x0c;
      case 0x6e: // n
        return 0x0a;
      case 0x72: // r
        return 0x0d;
      case 0x74: // t
        return 0x09;
      case 0x76: // v
        return 0x0b;
      case 0x63: {
        // c: a control letter
        const l = this.peek();
        if ((l >= 0x41 && l <= 0x5a) || (l >= 0x61 && l <= 0x7a)) {
          this.i++;
          return l % 32;
        }
        throw new Refused("invalid \\c escape");
      }
      case 0x30: // 0
        if (isDecimal(this.peek())) throw new Refused("octal escape");
        return 0;
      case 0x78: // x
        if (isHex(this.peek()) && isHex(this.peek(1))) {
          this.i += 2;
          return parseInt(String.fromCodePoint(.../** @type {number[]} */ (this.s.slice(this.i - 2, this.i))), 16);
        }
        throw new Refused("invalid \\x escape");
      case 0x75: // u
        return this.unicodeEscape();
      default:
        if (SYNTAX.has(e)) return e;
        throw new Refused("invalid escape"); // back references, \p, identity escapes u refuses
    }
  }

  /** unicodeEscape reads \uHHHH (a surrogate pair's two as one) or \u{H…}, its \u read. */
  unicodeEscape() {
    if (this.is("{")) {
      const end = this.s.indexOf(0x7d, this.i);
      const digits = end < 0 ? [] : this.s.slice(this.i + 1, end);
      if (digits.length === 0 || !digits.every(isHex)) throw new Refused("invalid \\u{} escape");
      const c = parseInt(String.fromCodePoint(...digits), 16);
      if (c > MAX_CODE_POINT) throw new Refused("invalid \\u{} escape");
      this.i = end + 1;
      return c;
    }
    const c = this.hex4(this.i);
    if (c < 0) throw new Refused("invalid \\u escape");
    this.i += 4;
    if (c >= 0xd800 && c <= 0xdbff && this.is("\\") && this.is("u", 1)) {
      const lo = this.hex4(this.i + 2);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        this.i += 6;
        return 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00);
      }
    }
    return c;
  }

  /**
   * hex4 returns the value of four hexadecimal digits at i, -1 when there
   * are not four.
   * @param {number} i
   */
  hex4(i) {
    const d = this.s.slice(i, i + 4);
    return d.length === 4 && d.every(isHex) ? parseInt(String.fromCodePoint(...d), 16) : -1;
  }

  /** @returns {Node} */
  characterClass() {
    const negated = this.is("^");
    if (negated) this.i++;
    /** @type {Range[]} */
    const ranges = [];
    for (;;) {
      if (this.i >= this.s.length) throw new Refused("unterminated character class");
      if (this.is("]")) break;
      const a = this.classAtom();
      if (this.is("-") && !this.is("]", 1) && this.i + 1 < this.s.length) {
        this.i++;
        const b = this.classAtom();
        if (typeof a !== "number" || typeof b !== "number") throw new Refused("a class escape in a range");
        if (b < a) throw new Refused("range out of order in character class");
        ranges.push([a, b]);
      } else if (typeof a === "number") {
        ranges.push([a, a]);
      } else {
        ranges.push(...a);
      }
    }
    this.i++; // ]
    const body = normalize(ranges);
    return this.chars(body, negated);
  }

  /**
   * classAtom reads one character of a class, or a class escape: the
   * character, or the ranges of the escape.
   * @returns {number | Range[]}
   */
  classAtom() {
    const c = this.peek();
    this.i++;
    if (c !== 0x5c) return c;
    if (this.is("b")) {
      this.i++;
      return 0x08;
    }
    if (this.is("-")) {
      this.i++;
      return 0x2d;
    }
    const cls = this.classEscape();
    if (cls !== null) return cls.negated ? negate(cls.ranges) : cls.ranges;
    return this.characterEscape();
  }
}

// the instructions of the automaton
const CHAR = 0; // a character in ranges[pc], then out[pc]
const SPLIT = 1; // out[pc] or alt[pc]
const ASSERT = 2; // assertion alt[pc] holds, then out[pc]
const MATCH = 3;

/** The outcome of a step that finds a match, or that shows none can follow. */
const MATCHED = Symbol("matched");
const DEAD = Symbol("dead");

/**
 * A state of the deterministic automaton: the instructions the value's
 * next character is read from (before their empty moves are followed),
 * and what came before it.
 * @typedef {{ threads: number[], prev: number, next: Map<number, State | typeof MATCHED | typeof DEAD>, accepts?: boolean }} State
 */

// what came before a position: prev of a State
const AT_START = 0;
const AFTER_WORD = 1;
const AFTER_OTHER = 2;

/** The most states and transitions kept: past them they are built anew (RE2's cache flush). */
const MAX_STATES = 10000;
const MAX_TRANSITIONS = 200000;

/** A compiled pattern: test(s) reports whether it matches anywhere in s. */
export class Pattern {
  /**
   * @param {Node} node
   */
  constructor(node) {
    /** @type {number[]} */
    this.op = [];
    /** @type {number[]} */
    this.out = [];
    /** @type {number[]} */
    this.alt = [];
    /** @type {Range[][]} */
    this.ranges = [];
    this.words = false; // the pattern has \b or \B: states tell word characters apart
    const match = this.emit(MATCH, -1, -1, []);
    this.start = this.compile(node, match);
    /** @type {Uint32Array} */
    this.mark = new Uint32Array(this.op.length);
    this.generation = 0;
    // anchored: no match can start past the first character (every way
    // from the start meets ^ first), so a position past it adds no thread
    // of the start
    this.anchored = [false, true].every((atEnd) =>
      [false, true].every((prevWord) =>
        [false, true].every((nextWord) => {
          const { chars, matched } = this.closure([this.start], false, atEnd, prevWord, nextWord);
          return chars.length === 0 && !matched;
        }),
      ),
    );
    /** @type {Map<string, State>} */
    this.states = new Map();
    this.transitions = 0;
    /** @type {State} */
    this.first = { threads: [this.start], prev: AT_START, next: new Map() };
    this.states.set(AT_START + ":" + this.start, this.first);
  }

  /**
   * @param {number} op
   * @param {number} out
   * @param {number} alt
   * @param {Range[]} ranges
   */
  emit(op, out, alt, ranges) {
    this.op.push(op);
    this.out.push(out);
    this.alt.push(alt);
    this.ranges.push(ranges);
    return this.op.length - 1;
  }

  /**
   * compile emits the instructions of node, continuing at next, and
   * returns where they start.
   * @param {Node} node
   * @param {number} next
   * @returns {number}
   */
  compile(node, next) {
    switch (node.t) {
      case "chars":
        return this.emit(CHAR, next, -1, node.ranges);
      case "assert":
        if (node.kind === WORD_BOUNDARY || node.kind === NOT_WORD_BOUNDARY) this.words = true;
        return this.emit(ASSERT, next, node.kind, []);
      case "cat":
        for (let k = node.items.length - 1; k >= 0; k--) next = this.compile(/** @type {Node} */ (node.items[k]), next);
        return next;
      case "alt": {
        const entries = node.items.map((item) => this.compile(item, next));
        let entry = /** @type {number} */ (entries[entries.length - 1]);
        for (let k = entries.length - 2; k >= 0; k--) entry = this.emit(SPLIT, /** @type {number} */ (entries[k]), entry, []);
        return entry;
      }
      case "rep": {
        let tail = next;
        if (node.max === Infinity) {
          tail = this.emit(SPLIT, -1, next, []);
          this.out[tail] = this.compile(node.sub, tail);
        } else {
          for (let k = node.min; k < node.max; k++) tail = this.emit(SPLIT, this.compile(node.sub, tail), next, []);
        }
        for (let k = 0; k < node.min; k++) tail = this.compile(node.sub, tail);
        return tail;
      }
    }
  }

  /**
   * closure follows the empty moves from threads at a position: whether
   * it is the start or the end of the value, and whether the characters
   * before and after it are word characters. It returns the character
   * instructions reached, and whether the match is.
   * @param {number[]} threads
   * @param {boolean} atStart
   * @param {boolean} atEnd
   * @param {boolean} prevWord
   * @param {boolean} nextWord
   */
  closure(threads, atStart, atEnd, prevWord, nextWord) {
    const gen = ++this.generation;
    /** @type {number[]} */
    const chars = [];
    let matched = false;
    const stack = [...threads].reverse();
    while (stack.length > 0) {
      const pc = /** @type {number} */ (stack.pop());
      if (this.mark[pc] === gen) continue;
      this.mark[pc] = gen;
      switch (this.op[pc]) {
        case CHAR:
          chars.push(pc);
          break;
        case MATCH:
          matched = true;
          break;
        case SPLIT:
          stack.push(/** @type {number} */ (this.alt[pc]), /** @type {number} */ (this.out[pc]));
          break;
        case ASSERT: {
          const kind = this.alt[pc];
          const holds =
            kind === BEGIN ? atStart : kind === END ? atEnd : kind === WORD_BOUNDARY ? prevWord !== nextWord : prevWord === nextWord;
          if (holds) stack.push(/** @type {number} */ (this.out[pc]));
          break;
        }
      }
    }
    return { chars, matched };
  }

  /**
   * state returns the state of threads after prev, built once.
   * @param {number[]} threads sorted, each once
   * @param {number} prev
   * @returns {State}
   */
  state(threads, prev) {
    const key = prev + ":" + threads.join(",");
    let s = this.states.get(key);
    if (s === undefined) {
      if (this.states.size >= MAX_STATES || this.transitions >= MAX_TRANSITIONS) this.flush();
      s = { threads, prev, next: new Map() };
      this.states.set(key, s);
    }
    return s;
  }

  /**
   * flush forgets every state built but the first, so that the memory a
   * pattern keeps stays bounded whatever the values; the states a value
   * needs are then built again, each at most once more per character.
   */
  flush() {
    for (const s of this.states.values()) s.next.clear();
    this.states.clear();
    this.transitions = 0;
    this.states.set(AT_START + ":" + this.start, this.first);
  }

  /**
   * step reads the character c in state s: the state after it, MATCHED
   * when a match ends before it, DEAD when none can follow.
   * @param {State} s
   * @param {number} c
   */
  step(s, c) {
    const word = isWord(c);
    const { chars, matched } = this.closure(s.threads, s.prev === AT_START, false, s.prev === AFTER_WORD, word);
    /** @type {State | typeof MATCHED | typeof DEAD} */
    let t;
    if (matched) {
      t = MATCHED;
    } else {
      /** @type {Set<number>} */
      const next = new Set();
      for (const pc of chars) {
        if (contains(/** @type {Range[]} */ (this.ranges[pc]), c)) next.add(/** @type {number} */ (this.out[pc]));
      }
      if (!this.anchored) next.add(this.start);
      t = next.size === 0 ? DEAD : this.state([...next].sort((a, b) => a - b), this.words && word ? AFTER_WORD : AFTER_OTHER);
    }
    s.next.set(c, t);
    this.transitions++;
    return t;
  }

  /**
   * accepts reports whether a match ends at the end of the value, in
   * state s.
   * @param {State} s
   */
  accepts(s) {
    if (s.accepts === undefined) s.accepts = this.closure(s.threads, s.prev === AT_START, true, s.prev === AFTER_WORD, false).matched;
    return s.accepts;
  }

  /**
   * test reports whether the pattern matches anywhere in the well-formed
   * string s.
   * @param {string} s
   */
  test(s) {
    let state = this.first;
    for (let i = 0; i < s.length; i++) {
      const c = /** @type {number} */ (s.codePointAt(i));
      if (c > 0xffff) i++;
      const t = state.next.get(c) ?? this.step(state, c);
      if (t === MATCHED) return true;
      if (t === DEAD) return false;
      state = t;
    }
    return this.accepts(state);
  }
}

/**
 * compilePattern compiles a detail schema's pattern: an ECMAScript regular
 * expression with the u flag, without lookarounds, back references or
 * property escapes, counts at most 1000 (the patterns errgen check
 * accepts). It returns null for any other, which no string matches.
 * ignoreCase reads it with the i flag and without u, as the formats'
 * expressions are written (ASCII letters fold, no other character).
 * @param {string} source
 * @param {boolean} [ignoreCase]
 * @returns {Pattern | null}
 */
export function compilePattern(source, ignoreCase = false) {
  try {
    return new Pattern(new Parser(source, ignoreCase).parse());
  } catch (e) {
    if (e instanceof Refused) return null;
    throw e;
  }
}
