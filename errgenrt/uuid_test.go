package errgenrt

import (
	"regexp"
	"testing"
)

// The default instance of a problem document is a random version-4 UUID
// URN, quoted: its form is RFC 9562's, and two are not alike.
func TestUUIDURN(t *testing.T) {
	form := regexp.MustCompile(`^"urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"$`)
	seen := map[string]bool{}
	for range 100 {
		u := string(appendUUIDURN(nil))
		if !form.MatchString(u) {
			t.Fatalf("%s is not a quoted version-4 UUID URN", u)
		}
		if seen[u] {
			t.Fatalf("%s twice", u)
		}
		seen[u] = true
	}
}
