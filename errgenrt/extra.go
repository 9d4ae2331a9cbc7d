package errgenrt

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
)

// An open object is a detail object whose schema declares properties and
// also admits other members (additionalProperties): its generated struct
// holds the declared fields and an Extra map of the other members. The
// functions below are what its generated methods call.

// ExtraKeys returns the keys of extra, the other members of the open
// object d, that the encoder writes after d's declared fields: sorted,
// without the names of the declared fields (declared), and — at the top
// level of a problem document, where the details are flattened — without
// the document's own members (type, title, status, detail, instance,
// timestamp, symbol, retryable, userMessage, suggestions, debugInfo). A
// minimal payload has none, and neither has a verbose-only f outside
// verbose mode. f carries the extension keywords of additionalProperties.
func ExtraKeys[V any](e *Encoder, f *Field, d Details, extra map[string]V, declared []string) []string {
	if len(extra) == 0 || !e.Full() || !e.Emit(f) {
		return nil
	}
	flat := e.flat != nil && e.flat == d
	keys := make([]string, 0, len(extra))
	for k := range extra {
		if slices.Contains(declared, k) || flat && slices.Contains(problemMembers, k) {
			continue
		}
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if flat {
		e.flatKeys = append(e.flatKeys[:0], keys...) // caller extensions may not take them
	}
	return keys
}

// ExtraKey writes the member name of one extra member. Names are never
// truncated: a cut name could meet another.
func (e *Encoder) ExtraKey(dst []byte, name string) []byte {
	return append(appendQuoted(dst, name, -1), ':')
}

// UnmarshalOpen decodes the JSON object data into an open object: each
// member named in names into the field fields holds at the same index (a
// pointer), every other member into *extra. Names match exactly, as JSON
// Schema matches them (encoding/json would also match a declared field
// case-insensitively). A null leaves the object as it is.
func UnmarshalOpen[V any](data []byte, names []string, fields []any, extra *map[string]V) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return err
	}
	keys := make([]string, 0, len(members))
	for k := range members {
		keys = append(keys, k)
	}
	sort.Strings(keys) // the first error found does not depend on map order
	for _, k := range keys {
		if i := slices.Index(names, k); i >= 0 {
			if err := json.Unmarshal(members[k], fields[i]); err != nil {
				return fmt.Errorf("member %q: %w", k, err)
			}
			continue
		}
		var v V
		if err := json.Unmarshal(members[k], &v); err != nil {
			return fmt.Errorf("member %q: %w", k, err)
		}
		if *extra == nil {
			*extra = make(map[string]V, len(members))
		}
		(*extra)[k] = v
	}
	return nil
}

// MarshalOpen encodes an open object: declared (the object without its
// methods, its Extra field tagged "-") as encoding/json does, then the
// members of extra in sorted order, skipping the names of declared fields.
func MarshalOpen[V any](declared any, names []string, extra map[string]V) ([]byte, error) {
	b, err := json.Marshal(declared)
	if err != nil || len(extra) == 0 {
		return b, err
	}
	keys := make([]string, 0, len(extra))
	for k := range extra {
		if !slices.Contains(names, k) {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 || len(b) < 2 || b[len(b)-1] != '}' {
		return b, nil
	}
	sort.Strings(keys)
	b = b[:len(b)-1]
	for _, k := range keys {
		if len(b) > 1 {
			b = append(b, ',')
		}
		name, _ := json.Marshal(k)
		value, err := json.Marshal(extra[k])
		if err != nil {
			return nil, fmt.Errorf("member %q: %w", k, err)
		}
		b = append(append(append(b, name...), ':'), value...)
	}
	return append(b, '}'), nil
}
