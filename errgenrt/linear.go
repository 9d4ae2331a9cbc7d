package errgenrt

import (
	"errors"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Patterns are matched in time linear in the value (docs/guide/catalog.md,
// "Patterns"; docs/guide/conformance.md, "Time"), as the TypeScript and
// Python runtimes match them (runtime/ts/src/pattern.js is this file's
// twin): the pattern is parsed as ECMAScript reads it with the u flag,
// compiled to an automaton (Thompson's construction), and the value read
// once, a character at a time, through a deterministic automaton built
// from it as values need its states and kept for the next value (a lazy
// DFA). Go's regexp is linear too, but its automaton keeps a thread per
// way through the pattern at each character: ^a*a*a*a*a*a*b$ took seconds
// on 5 MB, where a state built once costs a lookup a character.

// A Pattern is a compiled pattern (see [NewPattern]). It is safe for
// concurrent use: each match takes a cache of states of its own from a
// pool.
type Pattern struct {
	source   string
	prog     program
	anchored bool // no match starts past the first character: the start is not added again
	words    bool // the pattern has \b or \B: states tell word characters apart
	caches   sync.Pool
}

// NewPattern compiles a detail schema's pattern: an ECMAScript regular
// expression with the u flag, without lookarounds, back references or
// property escapes, counts at most 1000 (the patterns errgen check
// accepts). ignoreCase reads it with the i flag and without u, as the
// formats' expressions are written (ASCII letters fold, no other
// character).
func NewPattern(source string, ignoreCase bool) (*Pattern, error) {
	ps := &patternParser{s: []rune(source), ignoreCase: ignoreCase, names: map[string]bool{}}
	n, err := ps.parse()
	if err != nil {
		return nil, err
	}
	p := &Pattern{source: source}
	match := p.prog.emit(opMatch, -1, -1, nil)
	p.prog.start = p.prog.compile(n, match, &p.words)
	p.anchored = true
	c := p.newCache()
	for _, atEnd := range []bool{false, true} {
		for _, prevWord := range []bool{false, true} {
			for _, nextWord := range []bool{false, true} {
				chars, matched := c.closure([]int32{p.prog.start}, false, atEnd, prevWord, nextWord)
				if len(chars) > 0 || matched {
					p.anchored = false
				}
			}
		}
	}
	p.caches.Put(c)
	return p, nil
}

// MustPattern is [NewPattern] for expressions known to compile.
func MustPattern(source string, ignoreCase bool) *Pattern {
	p, err := NewPattern(source, ignoreCase)
	if err != nil {
		panic("errgenrt: " + err.Error() + ": " + source)
	}
	return p
}

// String returns the pattern's source.
func (p *Pattern) String() string { return p.source }

// MatchString reports whether the pattern matches anywhere in s, read as
// UTF-8 (each invalid byte as U+FFFD).
func (p *Pattern) MatchString(s string) bool {
	c, _ := p.caches.Get().(*dfaCache)
	if c == nil {
		c = p.newCache()
	}
	defer p.caches.Put(c)
	return c.match(s)
}

// match reads s through the states of c.
func (c *dfaCache) match(s string) bool {
	st := c.first
	for i := 0; i < len(s); {
		r := rune(s[i])
		if r < utf8.RuneSelf { // ASCII (0x80 only ever follows a lead byte)
			i++
		} else {
			var n int
			r, n = utf8.DecodeRuneInString(s[i:])
			i += n
		}
		var t *dfaState
		if r < utf8.RuneSelf {
			t = st.ascii[r]
		} else {
			t = st.other[r]
		}
		if t == nil {
			t = c.step(st, r)
		}
		switch t {
		case c.matched:
			return true
		case c.dead:
			return false
		}
		st = t
	}
	return c.accepts(st)
}

// ---------------------------------------------------------------- parse

// A node of a parsed pattern.
type patternNode struct {
	kind     nodeKind
	ranges   []codeRange   // nodeChars
	items    []patternNode // nodeCat, nodeAlt; nodeRep: its one item
	min, max int           // nodeRep; max -1: unbounded
	assert   int           // nodeAssert
}

type nodeKind uint8

const (
	nodeChars nodeKind = iota
	nodeCat
	nodeAlt
	nodeRep
	nodeAssert
)

// the assertions
const (
	assertBegin = iota
	assertEnd
	assertWordBoundary
	assertNotWordBoundary
)

// maxRepeat is the largest count of a braced quantifier, as RE2 allows.
const maxRepeat = 1000

// jsDotRanges is every character but the line terminators (.).
var jsDotRanges = complementRanges(lineTerminators)

// foldASCII adds the other case of every ASCII letter in normalized
// ranges: JavaScript's i flag without u, which folds no other character
// into ASCII.
func foldASCII(rs []codeRange) []codeRange {
	more := slices.Clone(rs)
	for _, r := range rs {
		for _, f := range [...]struct{ a, z, shift rune }{{'A', 'Z', 0x20}, {'a', 'z', -0x20}} {
			if lo, hi := max(r.lo, f.a), min(r.hi, f.z); lo <= hi {
				more = append(more, codeRange{lo + f.shift, hi + f.shift})
			}
		}
	}
	return normalizeRanges(more)
}

func inRanges(rs []codeRange, c rune) bool {
	_, found := slices.BinarySearchFunc(rs, c, func(r codeRange, c rune) int {
		switch {
		case r.hi < c:
			return -1
		case r.lo > c:
			return 1
		}
		return 0
	})
	return found
}

func isWordRune(c rune) bool {
	return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c == '_' || c >= 'a' && c <= 'z'
}

// errRefused: the pattern is not one errgen check accepts.
var errRefused = errors.New("not a pattern errgen accepts")

// patternParser parses an ECMAScript pattern read with the u flag (and no
// other).
type patternParser struct {
	s          []rune
	i          int
	ignoreCase bool
	names      map[string]bool
	depth      int
}

func (ps *patternParser) peek(ahead int) rune {
	if j := ps.i + ahead; j >= 0 && j < len(ps.s) {
		return ps.s[j]
	}
	return -1 // past either end: no character
}

// chars is a node of one class; the i flag folds it.
func (ps *patternParser) chars(rs []codeRange, negated bool) patternNode {
	if ps.ignoreCase {
		rs = foldASCII(rs)
	}
	if negated {
		rs = complementRanges(rs)
	}
	return patternNode{kind: nodeChars, ranges: rs}
}

func (ps *patternParser) parse() (n patternNode, err error) {
	defer func() {
		if r := recover(); r != nil {
			if r != errRefused {
				panic(r)
			}
			err = errRefused
		}
	}()
	n = ps.disjunction()
	if ps.i < len(ps.s) {
		panic(errRefused) // an unmatched )
	}
	return n, nil
}

func (ps *patternParser) disjunction() patternNode {
	if ps.depth++; ps.depth > 1000 {
		panic(errRefused)
	}
	defer func() { ps.depth-- }()
	items := []patternNode{ps.alternative()}
	for ps.peek(0) == '|' {
		ps.i++
		items = append(items, ps.alternative())
	}
	if len(items) == 1 {
		return items[0]
	}
	return patternNode{kind: nodeAlt, items: items}
}

func (ps *patternParser) alternative() patternNode {
	var items []patternNode
	for ps.i < len(ps.s) && ps.peek(0) != '|' && ps.peek(0) != ')' {
		items = append(items, ps.term())
	}
	return patternNode{kind: nodeCat, items: items}
}

func (ps *patternParser) term() patternNode {
	c := ps.peek(0)
	switch {
	case c == '^' || c == '$':
		kind := assertBegin
		if c == '$' {
			kind = assertEnd
		}
		ps.i++
		return ps.unquantified(patternNode{kind: nodeAssert, assert: kind})
	case c == '\\' && (ps.peek(1) == 'b' || ps.peek(1) == 'B'):
		kind := assertWordBoundary
		if ps.peek(1) == 'B' {
			kind = assertNotWordBoundary
		}
		ps.i += 2
		return ps.unquantified(patternNode{kind: nodeAssert, assert: kind})
	}
	ps.i++
	var atom patternNode
	switch c {
	case '\\':
		atom = ps.atomEscape()
	case '(':
		atom = ps.group()
	case '[':
		atom = ps.class()
	case '.':
		atom = patternNode{kind: nodeChars, ranges: jsDotRanges}
	case '*', '+', '?', '{', '}', ']':
		panic(errRefused) // nothing to repeat, or a lone bracket
	default:
		atom = ps.chars([]codeRange{{c, c}}, false)
	}
	return ps.quantified(atom)
}

// unquantified returns an assertion, refusing a quantifier after it.
func (ps *patternParser) unquantified(atom patternNode) patternNode {
	if c := ps.peek(0); c == '*' || c == '+' || c == '?' || c == '{' {
		panic(errRefused)
	}
	return atom
}

// quantified reads the quantifier after atom, if any.
func (ps *patternParser) quantified(atom patternNode) patternNode {
	lo, hi := 0, -1
	switch ps.peek(0) {
	case '{':
		lo, hi = ps.braced()
	case '*':
		ps.i++
	case '+':
		lo = 1
		ps.i++
	case '?':
		hi = 1
		ps.i++
	default:
		return atom
	}
	if ps.peek(0) == '?' {
		ps.i++ // lazy: the same strings match
	}
	if c := ps.peek(0); c == '*' || c == '+' || c == '?' || c == '{' {
		panic(errRefused)
	}
	return patternNode{kind: nodeRep, items: []patternNode{atom}, min: lo, max: hi}
}

// braced reads {n}, {n,} or {n,m}, its } included.
func (ps *patternParser) braced() (int, int) {
	ps.i++
	lo := ps.number()
	hi := lo
	if ps.peek(0) == ',' {
		ps.i++
		if ps.peek(0) == '}' {
			hi = -1
		} else {
			hi = ps.number()
		}
	}
	if ps.peek(0) != '}' || hi != -1 && hi < lo || lo > maxRepeat || hi > maxRepeat {
		panic(errRefused)
	}
	ps.i++
	return lo, hi
}

func (ps *patternParser) number() int {
	start := ps.i
	for ps.peek(0) >= '0' && ps.peek(0) <= '9' {
		ps.i++
	}
	n, err := strconv.Atoi(string(ps.s[start:ps.i]))
	if err != nil || n > maxRepeat {
		panic(errRefused) // none, or past the largest count
	}
	return n
}

func (ps *patternParser) group() patternNode {
	if ps.peek(0) == '?' {
		switch {
		case ps.peek(1) == ':':
			ps.i += 2
		case ps.peek(1) == '<' && ps.peek(2) != '=' && ps.peek(2) != '!':
			ps.i += 2
			end := slices.Index(ps.s[ps.i:], '>')
			if end <= 0 {
				panic(errRefused)
			}
			name := string(ps.s[ps.i : ps.i+end])
			for k, r := range []rune(name) {
				if !(r == '$' || r == '_' || unicode.IsLetter(r) || k > 0 && (unicode.IsDigit(r) || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Pc) || r == 0x200c || r == 0x200d)) {
					panic(errRefused)
				}
			}
			if ps.names[name] {
				panic(errRefused)
			}
			ps.names[name] = true
			ps.i += end + 1
		default:
			panic(errRefused) // a lookaround, or inline flags
		}
	}
	n := ps.disjunction()
	if ps.peek(0) != ')' {
		panic(errRefused)
	}
	ps.i++
	return n
}

// classEscape reads \d, \D, \s, \S, \w or \W, its \ read: its ranges and
// whether it is negated; ok false for another escape.
func (ps *patternParser) classEscape() (rs []codeRange, negated, ok bool) {
	switch e := ps.peek(0); e {
	case 'd', 'D':
		rs = digitRanges
	case 's', 'S':
		rs = spaceRanges
	case 'w', 'W':
		rs = wordRanges
	default:
		return nil, false, false
	}
	negated = ps.peek(0) < 'a'
	ps.i++
	return rs, negated, true
}

func (ps *patternParser) atomEscape() patternNode {
	if rs, negated, ok := ps.classEscape(); ok {
		return ps.chars(rs, negated)
	}
	c := ps.characterEscape()
	return ps.chars([]codeRange{{c, c}}, false)
}

// characterEscape reads an escape of one character, its \ read.
func (ps *patternParser) characterEscape() rune {
	e := ps.peek(0)
	ps.i++
	switch e {
	case 'f':
		return '\f'
	case 'n':
		return '\n'
	case 'r':
		return '\r'
	case 't':
		return '\t'
	case 'v':
		return '\v'
	case 'c':
		if l := ps.peek(0); l >= 'a' && l <= 'z' || l >= 'A' && l <= 'Z' {
			ps.i++
			return l % 32
		}
	case '0':
		if d := ps.peek(0); d < '0' || d > '9' {
			return 0
		}
	case 'x':
		hi, ok1 := hexDigit(ps.peek(0))
		lo, ok2 := hexDigit(ps.peek(1))
		if ok1 && ok2 {
			ps.i += 2
			return hi<<4 | lo
		}
	case 'u':
		return ps.unicodeEscape()
	default:
		if e >= 0 && strings.ContainsRune(`^$\.*+?()[]{}|/`, e) {
			return e
		}
	}
	panic(errRefused) // back references, \p, identity escapes u refuses
}

// unicodeEscape reads \uHHHH (a surrogate pair's two as one) or \u{H…},
// its \u read.
func (ps *patternParser) unicodeEscape() rune {
	if ps.peek(0) == '{' {
		end := slices.Index(ps.s[ps.i:], '}')
		if end < 2 {
			panic(errRefused)
		}
		v := rune(0)
		for _, d := range ps.s[ps.i+1 : ps.i+end] {
			x, ok := hexDigit(d)
			if !ok {
				panic(errRefused)
			}
			if v = v<<4 | x; v > unicode.MaxRune {
				panic(errRefused)
			}
		}
		ps.i += end + 1
		return v
	}
	c := ps.hex4(0)
	if c < 0 {
		panic(errRefused)
	}
	ps.i += 4
	if c >= 0xd800 && c <= 0xdbff && ps.peek(0) == '\\' && ps.peek(1) == 'u' {
		if lo := ps.hex4(2); lo >= 0xdc00 && lo <= 0xdfff {
			ps.i += 6
			return 0x10000 + (c-0xd800)<<10 + (lo - 0xdc00)
		}
	}
	return c
}

// hex4 returns the value of the four hexadecimal digits ahead of the
// parser's place, -1 when there are not four (peek's -1 past the end is
// no digit).
func (ps *patternParser) hex4(ahead int) rune {
	v := rune(0)
	for k := range 4 {
		x, ok := hexDigit(ps.peek(ahead + k))
		if !ok {
			return -1
		}
		v = v<<4 | x
	}
	return v
}

func (ps *patternParser) class() patternNode {
	negated := ps.peek(0) == '^'
	if negated {
		ps.i++
	}
	var rs []codeRange
	for {
		if ps.i >= len(ps.s) {
			panic(errRefused) // unterminated
		}
		if ps.peek(0) == ']' {
			break
		}
		a, aSet := ps.classAtom()
		if ps.peek(0) == '-' && ps.peek(1) != ']' && ps.peek(1) != -1 {
			ps.i++
			b, bSet := ps.classAtom()
			if aSet != nil || bSet != nil || b < a {
				panic(errRefused) // a class escape in a range, or a range out of order
			}
			rs = append(rs, codeRange{a, b})
		} else if aSet != nil {
			rs = append(rs, aSet...)
		} else {
			rs = append(rs, codeRange{a, a})
		}
	}
	ps.i++ // ]
	return ps.chars(normalizeRanges(rs), negated)
}

// classAtom reads one character of a class (set nil), or a class escape
// (its ranges).
func (ps *patternParser) classAtom() (c rune, set []codeRange) {
	c = ps.peek(0)
	ps.i++
	if c != '\\' {
		return c, nil
	}
	switch ps.peek(0) {
	case 'b':
		ps.i++
		return '\b', nil
	case '-':
		ps.i++
		return '-', nil
	}
	if rs, negated, ok := ps.classEscape(); ok {
		if negated {
			rs = complementRanges(rs)
		}
		return 0, rs
	}
	return ps.characterEscape(), nil
}

// ---------------------------------------------------------------- compile

// the instructions of the automaton
const (
	opChar   = iota // a character in ranges[pc], then out[pc]
	opSplit         // out[pc] or alt[pc]
	opAssert        // assertion alt[pc] holds, then out[pc]
	opMatch
)

type program struct {
	op       []uint8
	out, alt []int32
	ranges   [][]codeRange
	start    int32
}

func (g *program) emit(op uint8, out, alt int32, rs []codeRange) int32 {
	g.op = append(g.op, op)
	g.out = append(g.out, out)
	g.alt = append(g.alt, alt)
	g.ranges = append(g.ranges, rs)
	return int32(len(g.op) - 1)
}

// compile emits the instructions of n, continuing at next, and returns
// where they start.
func (g *program) compile(n patternNode, next int32, words *bool) int32 {
	switch n.kind {
	case nodeChars:
		return g.emit(opChar, next, -1, n.ranges)
	case nodeAssert:
		if n.assert == assertWordBoundary || n.assert == assertNotWordBoundary {
			*words = true
		}
		return g.emit(opAssert, next, int32(n.assert), nil)
	case nodeCat:
		for k := len(n.items) - 1; k >= 0; k-- {
			next = g.compile(n.items[k], next, words)
		}
		return next
	case nodeAlt:
		entries := make([]int32, len(n.items))
		for k, item := range n.items {
			entries[k] = g.compile(item, next, words)
		}
		entry := entries[len(entries)-1]
		for k := len(entries) - 2; k >= 0; k-- {
			entry = g.emit(opSplit, entries[k], entry, nil)
		}
		return entry
	}
	sub, tail := n.items[0], next
	if n.max < 0 {
		tail = g.emit(opSplit, -1, next, nil)
		g.out[tail] = g.compile(sub, tail, words)
	} else {
		for k := n.min; k < n.max; k++ {
			tail = g.emit(opSplit, g.compile(sub, tail, words), next, nil)
		}
	}
	for k := 0; k < n.min; k++ {
		tail = g.compile(sub, tail, words)
	}
	return tail
}

// ---------------------------------------------------------------- match

// what came before a position: prev of a dfaState
const (
	atStart = iota
	afterWord
	afterOther
)

// The most states and transitions a cache keeps: past them it is built
// anew (RE2's cache flush), so that the memory a pattern keeps stays
// bounded whatever the values.
const (
	maxDFAStates      = 4096
	maxDFATransitions = 200000
)

// A dfaState is a state of the deterministic automaton: the instructions
// the value's next character is read from (before their empty moves are
// followed), and what came before it.
type dfaState struct {
	threads []int32
	prev    uint8
	ascii   [utf8.RuneSelf]*dfaState
	other   map[rune]*dfaState
	accepts int8 // 0 unknown, 1 yes, -1 no
}

// dfaCache is the states of one pattern built so far.
type dfaCache struct {
	p           *Pattern
	states      map[string]*dfaState
	first       *dfaState
	matched     *dfaState // a match ends before the character
	dead        *dfaState // no match can follow
	transitions int
	mark        []uint32
	generation  uint32
	stack       []int32
	key         []byte
}

func (p *Pattern) newCache() *dfaCache {
	c := &dfaCache{p: p, matched: new(dfaState), dead: new(dfaState), mark: make([]uint32, len(p.prog.op))}
	c.flush()
	return c
}

// flush forgets every state built: the states a value needs are then built
// again, each at most once more per character.
func (c *dfaCache) flush() {
	c.states = map[string]*dfaState{}
	c.transitions = 0
	c.first = c.state([]int32{c.p.prog.start}, atStart)
}

// state returns the state of threads after prev, built once.
func (c *dfaCache) state(threads []int32, prev uint8) *dfaState {
	c.key = append(c.key[:0], prev)
	for _, t := range threads {
		c.key = strconv.AppendInt(append(c.key, ','), int64(t), 10)
	}
	if s := c.states[string(c.key)]; s != nil {
		return s
	}
	s := &dfaState{threads: slices.Clone(threads), prev: prev}
	c.states[string(c.key)] = s
	return s
}

// closure follows the empty moves from threads at a position: whether it
// is the start or the end of the value, and whether the characters before
// and after it are word characters. It returns the character instructions
// reached, and whether the match is.
func (c *dfaCache) closure(threads []int32, atStart, atEnd, prevWord, nextWord bool) (chars []int32, matched bool) {
	g := &c.p.prog
	c.generation++
	c.stack = append(c.stack[:0], threads...)
	slices.Reverse(c.stack)
	for len(c.stack) > 0 {
		pc := c.stack[len(c.stack)-1]
		c.stack = c.stack[:len(c.stack)-1]
		if c.mark[pc] == c.generation {
			continue
		}
		c.mark[pc] = c.generation
		switch g.op[pc] {
		case opChar:
			chars = append(chars, pc)
		case opMatch:
			matched = true
		case opSplit:
			c.stack = append(c.stack, g.alt[pc], g.out[pc])
		case opAssert:
			var holds bool
			switch g.alt[pc] {
			case assertBegin:
				holds = atStart
			case assertEnd:
				holds = atEnd
			case assertWordBoundary:
				holds = prevWord != nextWord
			default:
				holds = prevWord == nextWord
			}
			if holds {
				c.stack = append(c.stack, g.out[pc])
			}
		}
	}
	return chars, matched
}

// step reads the character r in state s: the state after it, c.matched
// when a match ends before it, c.dead when none can follow.
func (c *dfaCache) step(s *dfaState, r rune) *dfaState {
	if len(c.states) >= maxDFAStates || c.transitions >= maxDFATransitions {
		threads, prev := s.threads, s.prev
		c.flush()
		s = c.state(threads, prev)
	}
	word := isWordRune(r)
	chars, matched := c.closure(s.threads, s.prev == atStart, false, s.prev == afterWord, word)
	t := c.matched
	if !matched {
		g := &c.p.prog
		var next []int32
		for _, pc := range chars {
			if inRanges(g.ranges[pc], r) {
				next = append(next, g.out[pc])
			}
		}
		if !c.p.anchored {
			next = append(next, g.start)
		}
		slices.Sort(next)
		next = slices.Compact(next)
		if len(next) == 0 {
			t = c.dead
		} else {
			prev := uint8(afterOther)
			if c.p.words && word {
				prev = afterWord
			}
			t = c.state(next, prev)
		}
	}
	if r < utf8.RuneSelf {
		s.ascii[r] = t
	} else {
		if s.other == nil {
			s.other = map[rune]*dfaState{}
		}
		s.other[r] = t
	}
	c.transitions++
	return t
}

// accepts reports whether a match ends at the end of the value, in state
// s.
func (c *dfaCache) accepts(s *dfaState) bool {
	if s.accepts == 0 {
		s.accepts = -1
		if _, matched := c.closure(s.threads, s.prev == atStart, true, s.prev == afterWord, false); matched {
			s.accepts = 1
		}
	}
	return s.accepts == 1
}

// ---------------------------------------------------------------- ranges

// The ranges of code points of the classes, shared with CompilePattern's
// translation (pattern.go).

// A codeRange is the code points lo to hi, inclusive.
type codeRange struct{ lo, hi rune }

var (
	digitRanges = []codeRange{{'0', '9'}}
	wordRanges  = []codeRange{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}
	// ECMAScript's white space and line terminators (\s)
	spaceRanges = []codeRange{{0x09, 0x0D}, {0x20, 0x20}, {0xA0, 0xA0}, {0x1680, 0x1680}, {0x2000, 0x200A},
		{0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F}, {0x3000, 0x3000}, {0xFEFF, 0xFEFF}}
	lineTerminators = []codeRange{{0x0A, 0x0A}, {0x0D, 0x0D}, {0x2028, 0x2029}}
)

func isASCIIDigit(c rune) bool { return c >= '0' && c <= '9' }

func hexDigit(c rune) (rune, bool) {
	switch {
	case isASCIIDigit(c):
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// normalizeRanges sorts ranges and merges those that overlap or touch.
func normalizeRanges(ranges []codeRange) []codeRange {
	sorted := append([]codeRange(nil), ranges...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].lo < sorted[j].lo })
	var out []codeRange
	for _, r := range sorted {
		if n := len(out); n > 0 && r.lo <= out[n-1].hi+1 {
			out[n-1].hi = max(out[n-1].hi, r.hi)
		} else {
			out = append(out, r)
		}
	}
	return out
}

// complementRanges returns the code points ranges leave out: the gaps
// before each range, the last gap the one before a range that starts past
// the last code point.
func complementRanges(ranges []codeRange) []codeRange {
	var out []codeRange
	next := rune(0)
	for _, r := range append(normalizeRanges(ranges), codeRange{lo: unicode.MaxRune + 1}) {
		if r.lo > next {
			out = append(out, codeRange{next, r.lo - 1})
		}
		next = r.hi + 1
	}
	return out
}
