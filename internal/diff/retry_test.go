package diff_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/diff"
)

// retryCatalog is a catalog whose error E_BUSY takes the retry lines of a
// case at line 18.
const retryCatalog = `errgen: 1
name: demo
version: 1.0.0
fallback: E_INTERNAL
domains:
  common: {range: [1000, 1099]}
errors:
  E_INTERNAL:
    code: 1000
    title: Internal error
    message: An internal error occurred
    doc: Something failed inside the server.
  E_BUSY:
    code: 1001
    title: Busy
    message: The store is busy
    status: 503
%s    doc: The store is busy.
`

// TestRetryChanges is the diff case table of retry classes, default
// delays and throttling marks: the retry lines of E_BUSY in OLD and NEW,
// and every change reported (position in NEW, severity, kind, message,
// old and new values). A change into or out of after_delay is one line,
// which names the class; the same meaning written another way is none.
func TestRetryChanges(t *testing.T) {
	const (
		never       = "    retry: never\n"
		afterChange = "    retry: after_change\n"
		afterDelay  = "    retry: after_delay\n"
		retryable   = "    retryable: true\n"
		notRetry    = "    retryable: false\n"
	)
	for _, tc := range []struct {
		name     string
		old, new string
		want     string // "LINE:COL: severity: kind: message (old -> new)" lines
	}{
		{"never to after_change", never, afterChange,
			`18:12: warning: retry-class-changed: retry class of E_BUSY changed from never to after_change; retryable stays false, but clients that act on the class now retry it once the request is changed; say what to change in its suggestions ("never" -> "after_change")`},
		{"nothing to after_change", "", afterChange,
			`18:12: warning: retry-class-changed: retry class of E_BUSY changed from never to after_change; retryable stays false, but clients that act on the class now retry it once the request is changed; say what to change in its suggestions ("never" -> "after_change")`},
		{"after_change to never", afterChange, never,
			`18:12: warning: retry-class-changed: retry class of E_BUSY changed from after_change to never; retryable stays false, but clients that act on the class stop retrying it with a changed request; keep after_change if a changed request can succeed ("after_change" -> "never")`},
		{"after_change removed", "    retry: {class: after_change}\n", notRetry,
			`18:16: warning: retry-class-changed: retry class of E_BUSY changed from after_change to never; retryable stays false, but clients that act on the class stop retrying it with a changed request; keep after_change if a changed request can succeed ("after_change" -> "never")`},
		{"after_change removed with its key", afterChange, "",
			`13:3: warning: retry-class-changed: retry class of E_BUSY changed from after_change to never; retryable stays false, but clients that act on the class stop retrying it with a changed request; keep after_change if a changed request can succeed ("after_change" -> "never")`},
		{"never to after_delay", never, afterDelay,
			`18:12: warning: retryable-on: retryable of E_BUSY changed from false to true (retry class from never to after_delay); clients that honour retryable start retrying it, so the same request must be safe to repeat (false -> true)`},
		{"never to after_delay with a delay and throttling: one line", "", "    retry: {class: after_delay, delay: 30s, throttling: true}\n",
			`18:20: warning: retryable-on: retryable of E_BUSY changed from false to true (retry class from never to after_delay, 30s by default, throttling); clients that honour retryable start retrying it, so the same request must be safe to repeat (false -> true)`},
		{"after_change to after_delay", afterChange, "    retry: {class: after_delay, delay: 2m}\n",
			`18:20: warning: retryable-on: retryable of E_BUSY changed from false to true (retry class from after_change to after_delay, 2m by default); clients that honour retryable start retrying it, so the same request must be safe to repeat (false -> true)`},
		{"after_delay to after_change", "    retry: {class: after_delay, delay: 30s}\n", afterChange,
			`18:12: breaking: retryable-off: retryable of E_BUSY changed from true to false (retry class from after_delay to after_change); clients that retry it stop, and those that act on the class retry only a changed request; keep it retryable (after_delay) if the same request can still succeed later (true -> false)`},
		{"after_delay to never with a delay and throttling: one line", "    retry: {class: after_delay, delay: 30s, throttling: true}\n", never,
			`18:12: breaking: retryable-off: retryable of E_BUSY changed from true to false (retry class from after_delay to never); clients that retry it stop; keep it retryable (after_delay) if the same request can still succeed later (true -> false)`},
		{"retryable true to false", retryable, notRetry,
			`18:16: breaking: retryable-off: retryable of E_BUSY changed from true to false (retry class from after_delay to never); clients that retry it stop; keep it retryable (after_delay) if the same request can still succeed later (true -> false)`},
		{"delay added", afterDelay, "    retry: {class: after_delay, delay: 500ms}\n",
			`18:40: compatible: retry-delay-changed: default retry delay of E_BUSY added: 500ms; where an occurrence gives no delay of its own, the wire now carries retryAfterMs (and an HTTP answer Retry-After) for clients to wait (<nil> -> 500)`},
		{"delay changed", "    retry: {class: after_delay, delay: 30s}\n", "    retry:\n      class: after_delay\n      delay: 2h\n",
			`20:14: compatible: retry-delay-changed: default retry delay of E_BUSY changed from 30s to 2h; where an occurrence gives no delay of its own, clients that honour retryAfterMs or Retry-After wait 2h (30000 -> 7200000)`},
		{"delay removed", "    retry: {class: after_delay, delay: 1m}\n", retryable,
			`18:16: compatible: retry-delay-changed: default retry delay of E_BUSY removed (was 1m); where an occurrence gives no delay of its own, clients retry on their own backoff (60000 -> <nil>)`},
		{"throttling on", retryable, "    retry: {class: after_delay, throttling: true}\n",
			`18:45: compatible: throttling-changed: E_BUSY now marked as throttling (retry.throttling); its docs and generated definitions say so, the wire is unchanged (false -> true)`},
		{"throttling off", "    retry: {class: after_delay, throttling: true}\n", "    retry: {class: after_delay, throttling: false}\n",
			`18:45: compatible: throttling-changed: E_BUSY no longer marked as throttling (retry.throttling); its docs and generated definitions say so, the wire is unchanged (true -> false)`},
		{"delay changed and throttling off: two lines", "    retry: {class: after_delay, delay: 1s, throttling: true}\n", "    retry: {class: after_delay, delay: 2s}\n",
			`18:20: compatible: throttling-changed: E_BUSY no longer marked as throttling (retry.throttling); its docs and generated definitions say so, the wire is unchanged (true -> false)
18:40: compatible: retry-delay-changed: default retry delay of E_BUSY changed from 1s to 2s; where an occurrence gives no delay of its own, clients that honour retryAfterMs or Retry-After wait 2s (1000 -> 2000)`},
		// the same meaning, written another way: no change
		{"retryable true to retry after_delay", retryable, afterDelay, ""},
		{"retryable false to retry never", notRetry, never, ""},
		{"nothing to retry never", "", never, ""},
		{"both keys to the class alone", "    retryable: true\n    retry: after_delay\n", "    retry: {class: after_delay}\n", ""},
		{"the same delay in other units", "    retry: {class: after_delay, delay: 60s}\n", "    retry: {class: after_delay, delay: 60000ms}\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			old, oldRaw := build(t, "old.yaml", fmt.Sprintf(retryCatalog, tc.old))
			new, newRaw := build(t, "new.yaml", fmt.Sprintf(retryCatalog, tc.new))
			var lines []string
			for _, c := range diff.CompareSources(diff.Source{Catalog: old, Raw: oldRaw}, diff.Source{Catalog: new, Raw: newRaw}) {
				lines = append(lines, fmt.Sprintf("%d:%d: %s: %s: %s (%s -> %s)", c.Pos.Line, c.Pos.Col, c.Severity, c.Kind, c.Message, value(c.Old), value(c.New)))
				if c.InOld || c.Pos.File != "new.yaml" || c.Symbol != "E_BUSY" {
					t.Errorf("%s: at %s (in OLD %t), symbol %q; want NEW's E_BUSY", c.Kind, c.Pos, c.InOld, c.Symbol)
				}
			}
			if got := strings.Join(lines, "\n"); got != tc.want {
				t.Errorf("old:\n%snew:\n%sgot:\n%s\nwant:\n%s", tc.old, tc.new, got, tc.want)
			}
		})
	}
}

// value prints a change's old or new value: strings quoted.
func value(v any) string {
	if s, ok := v.(string); ok {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprint(v)
}

// TestRetryChangesWithoutRaw: with only the models, a retry change sits on
// the error's symbol.
func TestRetryChangesWithoutRaw(t *testing.T) {
	old, _ := build(t, "old.yaml", fmt.Sprintf(retryCatalog, "    retry: {class: after_delay, delay: 30s}\n"))
	new, _ := build(t, "new.yaml", fmt.Sprintf(retryCatalog, "    retry: {class: after_delay, delay: 45s}\n"))
	got := diff.Compare(old, new)
	if len(got) != 1 || got[0].Kind != diff.KindRetryDelayChanged || got[0].Pos != new.BySymbol("E_BUSY").Pos {
		t.Fatalf("Compare: %+v", got)
	}
}
