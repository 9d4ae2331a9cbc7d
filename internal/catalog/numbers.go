package catalog

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Numbers in a catalog are written as JSON writes them, so that every YAML
// reader (1.1 or 1.2) and every JSON reader takes them for the same number:
// integers as plain decimal digits, other numbers as JSON numbers. yaml.v3
// also reads 0x3E9, 0o1751, 0b101, +1001, 1_000, 01000 and .5 as numbers;
// other readers take some of them for strings or for other numbers.
var (
	decimalIntRE = regexp.MustCompile(`^-?(0|[1-9][0-9]*)$`)
	jsonNumberRE = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$`)
)

// notJSONNumber reports a YAML number that JSON cannot hold at all (.inf,
// .nan in their YAML spellings).
func notJSONNumber(s string) bool {
	switch strings.ToLower(strings.TrimLeft(s, "+-")) {
	case ".inf", ".nan":
		return true
	}
	return false
}

// numberHint returns " (N)" with the plain form of a number written in
// another form, or a short reason when there is no single plain form.
func numberHint(s string) string {
	t := strings.ReplaceAll(s, "_", "")
	digits := strings.TrimLeft(t, "+-")
	if len(digits) > 1 && digits[0] == '0' && digits[1] >= '0' && digits[1] <= '9' {
		return " (no leading zeros: YAML readers disagree whether they mean octal)"
	}
	if i, err := strconv.ParseInt(t, 0, 64); err == nil {
		return fmt.Sprintf(" (%d)", i)
	}
	if strings.HasPrefix(digits, "0x") || strings.HasPrefix(digits, "0X") {
		return "" // a hexadecimal float: no plain form worth showing
	}
	if f, err := strconv.ParseFloat(t, 64); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
		return " (" + strconv.FormatFloat(f, 'g', -1, 64) + ")"
	}
	return ""
}

// integralHint returns " (N)" when the number s, written as a float
// (1e3, 1000.0), is a whole number that fits 64 bits.
func integralHint(s string) string {
	f, err := strconv.ParseFloat(strings.ReplaceAll(s, "_", ""), 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) >= 1<<63 {
		return ""
	}
	return fmt.Sprintf(" (%d)", int64(f))
}
