package naming

import (
	"strings"
	"testing"
)

func TestNames(t *testing.T) {
	for _, tc := range []struct{ in, words, goName, ts, kebab string }{
		{"file_too_large", "file too large", "FileTooLarge", "FileTooLarge", "file-too-large"},
		{"request_id", "request id", "RequestID", "RequestId", "request-id"},
		{"fooBar", "foo bar", "FooBar", "FooBar", "foo-bar"},
		{"HTTPServer", "http server", "HTTPServer", "HttpServer", "http-server"},
		{"a_b1", "a b1", "AB1", "AB1", "a-b1"},
		{"a_b_1", "a b 1", "AB1", "AB1", "a-b-1"},
		{"404_not_found", "404 not found", "X404NotFound", "X404NotFound", "404-not-found"},
		{"x-request-id", "x request id", "XRequestID", "XRequestId", "x-request-id"},
		{"日本", "", "X", "X", ""},
		{"__proto__", "proto", "Proto", "Proto", "proto"},
	} {
		if got := strings.Join(Words(tc.in), " "); got != tc.words {
			t.Errorf("Words(%q) = %q, want %q", tc.in, got, tc.words)
		}
		if got := Go(tc.in); got != tc.goName {
			t.Errorf("Go(%q) = %q, want %q", tc.in, got, tc.goName)
		}
		if got := TS(tc.in); got != tc.ts {
			t.Errorf("TS(%q) = %q, want %q", tc.in, got, tc.ts)
		}
		if got := Kebab(tc.in); got != tc.kebab {
			t.Errorf("Kebab(%q) = %q, want %q", tc.in, got, tc.kebab)
		}
	}
}
