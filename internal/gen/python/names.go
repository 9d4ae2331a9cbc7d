package python

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/naming"
)

// keywords are Python's keywords (not the soft ones, which are names).
var keywords = map[string]bool{
	"False": true, "None": true, "True": true, "and": true, "as": true, "assert": true, "async": true,
	"await": true, "break": true, "class": true, "continue": true, "def": true, "del": true, "elif": true,
	"else": true, "except": true, "finally": true, "for": true, "from": true, "global": true, "if": true,
	"import": true, "in": true, "is": true, "lambda": true, "nonlocal": true, "not": true, "or": true,
	"pass": true, "raise": true, "return": true, "try": true, "while": true, "with": true, "yield": true,
}

// builtins are the names of Python's builtins module that start with a
// capital letter (3.10 to 3.13): no class or type of a package takes one,
// so that importing it never shadows one.
var builtins = map[string]bool{}

func init() {
	for _, n := range strings.Fields(`ArithmeticError AssertionError AttributeError BaseException BaseExceptionGroup
		BlockingIOError BrokenPipeError BufferError BytesWarning ChildProcessError ConnectionAbortedError
		ConnectionError ConnectionRefusedError ConnectionResetError DeprecationWarning EOFError Ellipsis
		EncodingWarning EnvironmentError Exception ExceptionGroup False FileExistsError FileNotFoundError
		FloatingPointError FutureWarning GeneratorExit IOError ImportError ImportWarning IndentationError
		IndexError InterruptedError IsADirectoryError KeyError KeyboardInterrupt LookupError MemoryError
		ModuleNotFoundError NameError None NotADirectoryError NotImplemented NotImplementedError OSError
		OverflowError PendingDeprecationWarning PermissionError ProcessLookupError PythonFinalizationError
		RecursionError ReferenceError ResourceWarning RuntimeError RuntimeWarning StopAsyncIteration
		StopIteration SyntaxError SyntaxWarning SystemError SystemExit TabError TimeoutError True TypeError
		UnboundLocalError UnicodeDecodeError UnicodeEncodeError UnicodeError UnicodeTranslateError
		UnicodeWarning UserWarning ValueError Warning ZeroDivisionError`) {
		builtins[n] = true
	}
}

// ValidPackage reports whether name can be the import name of a generated
// package: an ASCII identifier, not a keyword, not starting with an
// underscore.
func ValidPackage(name string) bool { return model.ValidPythonPackage(name) }

// PackageName derives the import name of a catalog's package: the name
// with each dot and hyphen an underscore, followed by _errors
// ("mouse-mcp" → "mouse_mcp_errors").
func PackageName(catalogName string) string {
	return strings.NewReplacer(".", "_", "-", "_").Replace(catalogName) + "_errors"
}

// DistributionName derives the distribution name of a package from its
// import name ("mouse_mcp_errors" → "mouse-mcp-errors").
func DistributionName(pkg string) string { return strings.ReplaceAll(pkg, "_", "-") }

// snake returns the snake-case words of s, "" when it has none.
func snake(s string) string { return strings.Join(naming.Words(s), "_") }

// names hands out unique identifiers of one namespace: a name already
// taken takes the first free suffix.
type names map[string]bool

func (n names) claim(want string) string {
	name := want
	for i := 2; n[name]; i++ {
		name = fmt.Sprintf("%s_%d", want, i)
	}
	n[name] = true
	return name
}

// paramName returns the Python parameter of a detail property named
// wire: its words in snake case (argIndex → arg_index, content-type →
// content_type), as PEP 8 names arguments; a keyword, a name of the
// constructor's own or one taken by another property takes a trailing
// underscore (class_, data_). The wire keeps the property's name.
func paramName(wire string, taken names) string {
	name := snake(wire)
	switch {
	case name == "":
		name = "field"
	case name[0] >= '0' && name[0] <= '9':
		name = "f_" + name
	}
	for keywords[name] || taken[name] {
		name += "_"
	}
	taken[name] = true
	return name
}

// pyStr writes s as a Python string literal of ASCII characters alone:
// quotes and backslashes escaped, every other character outside printable
// ASCII as its escape, so that no text of a catalog can end the literal,
// the line or the file.
func pyStr(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r >= 0x20 && r < 0x7f:
			b.WriteRune(r)
		case r < 0x100:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r < 0x10000:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// docText makes text the body of a """docstring""": backslashes and
// quotes escaped, control and invisible characters as escapes, so that it
// can neither end the string nor the line early.
func docText(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\\' || r == '"':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteByte('\n')
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r == 0x2028 || r == 0x2029 || r == 0xfeff || r >= 0x200b && r <= 0x200f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// commentText makes s fit on one line of a # comment.
func commentText(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == 0x85 || r == 0x2028 || r == 0x2029 || r == 0xfeff {
			return ' '
		}
		return r
	}, s)
}
