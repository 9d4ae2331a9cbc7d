package naming

import (
	"strings"
	"unicode/utf8"
)

// EditDistance is the optimal string alignment distance of a and b in
// runes: insertions, deletions, substitutions and swaps of two neighbours
// each cost 1 ("retriable" → "retryable" 1, "tpye" → "type" 1). Past max
// it returns max+1 early.
func EditDistance(a, b string, max int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > max || -d > max {
		return max + 1
	}
	prev2 := make([]int, len(rb)+1) // row i-2, for swaps
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			best = min(best, cur[j])
		}
		if best > max {
			return max + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// Closest returns the candidate nearest to word, for a "did you mean"
// hint: one spelled the same but for case, '_' and '-' (userMessage,
// user-message → user_message), else one within a small edit distance (a
// third of word's length, at least 1). Ties go to the earlier candidate;
// "" when none is near.
func Closest(word string, candidates []string) string {
	norm := func(s string) string { return strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(s)) }
	w := norm(word)
	limit := max(1, utf8.RuneCountInString(w)/3)
	best, bestD := "", limit+1
	for _, c := range candidates {
		d := EditDistance(w, norm(c), limit)
		if d < bestD {
			best, bestD = c, d
		}
	}
	return best
}
