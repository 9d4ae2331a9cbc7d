package markdown

import "testing"

// TestPretty: the runtime's compact JSON laid out a member or element a
// line, two spaces a level; punctuation inside strings (escaped quotes and
// backslashes included) stays as it is, and empty objects and arrays stay
// whole.
func TestPretty(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{}`, `{}`},
		{`[]`, `[]`},
		{`"a,b"`, `"a,b"`},
		{`{"a":[],"b":{},"c":"x\"y,:{[","d":[1,{"e":null}],"f":"\\","g":-1.5e3}`, `{
  "a": [],
  "b": {},
  "c": "x\"y,:{[",
  "d": [
    1,
    {
      "e": null
    }
  ],
  "f": "\\",
  "g": -1.5e3
}`},
		{`{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid params: \u2028 \"}\" ]","data":{"symbol":"E_X"}}}`, `{
  "jsonrpc": "2.0",
  "error": {
    "code": -32602,
    "message": "Invalid params: \u2028 \"}\" ]",
    "data": {
      "symbol": "E_X"
    }
  }
}`},
		// the runtime's HTML-safe escapes read as the characters; others stay
		{`{"a":"\u003credacted\u003e","b":"x \u0026 y","c":"\\u003c","d":"\u2028"}`, `{
  "a": "<redacted>",
  "b": "x & y",
  "c": "\\u003c",
  "d": "\u2028"
}`},
	} {
		if got := pretty([]byte(tc.in)); got != tc.want {
			t.Errorf("pretty(%s):\n%s\nwant\n%s", tc.in, got, tc.want)
		}
	}
}
