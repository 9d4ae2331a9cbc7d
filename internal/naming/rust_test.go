package naming

import "testing"

func TestRustNames(t *testing.T) {
	for _, tc := range []struct{ in, pascal, snake, screaming string }{
		{"file_too_large", "FileTooLarge", "file_too_large", "FILE_TOO_LARGE"},
		{"configSource", "ConfigSource", "config_source", "CONFIG_SOURCE"},
		{"HTTPServer", "HttpServer", "http_server", "HTTP_SERVER"},
		{"request_id", "RequestId", "request_id", "REQUEST_ID"},
		{"404_not_found", "X404NotFound", "x_404_not_found", "X_404_NOT_FOUND"},
		{"日本", "X", "x", "X"},
		{"a b-c", "ABC", "a_b_c", "A_B_C"},
	} {
		if got := Rust(tc.in); got != tc.pascal {
			t.Errorf("Rust(%q) = %q, want %q", tc.in, got, tc.pascal)
		}
		if got := RustSnake(tc.in); got != tc.snake {
			t.Errorf("RustSnake(%q) = %q, want %q", tc.in, got, tc.snake)
		}
		if got := RustScreaming(tc.in); got != tc.screaming {
			t.Errorf("RustScreaming(%q) = %q, want %q", tc.in, got, tc.screaming)
		}
	}
	for in, want := range map[string]string{"type": "r#type", "self": "self_", "crate": "crate_", "gen": "r#gen", "value": "value", "try": "r#try"} {
		if got := RustIdent(in); got != want {
			t.Errorf("RustIdent(%q) = %q, want %q", in, got, want)
		}
	}
	if got := RustVariant("self"); got != "SelfValue" {
		t.Errorf("RustVariant(self) = %q", got)
	}
	for in, want := range map[string]string{"Error": "ErrorDetails", "String": "StringDetails", "Widget": "Widget"} {
		if got := RustTypeName(in); got != want {
			t.Errorf("RustTypeName(%q) = %q, want %q", in, got, want)
		}
	}
}
