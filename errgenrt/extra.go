package errgenrt

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sort"
)

// An open object is a detail object whose schema declares properties and
// also admits other members (additionalProperties): its generated struct
// holds the declared fields and an Extra map of the other members. The
// functions below are what its generated JSON methods call.

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

// MarshalOpen encodes an open object: its declared fields as
// MarshalFields does, then the members of extra in sorted order, skipping
// the names of declared fields.
func MarshalOpen[V any](names []string, values []any, optional []bool, extra map[string]V) ([]byte, error) {
	b, err := MarshalFields(names, values, optional)
	if err != nil || len(extra) == 0 {
		return b, err
	}
	b = b[:len(b)-1]
	for _, k := range sortedKeys(extra) {
		if slices.Contains(names, k) {
			continue
		}
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

// UnmarshalFields decodes the JSON object data into a detail struct: each
// member named in names into the field fields holds at the same index (a
// pointer); other members are ignored. Names match exactly, as JSON Schema
// and every other runtime match them (encoding/json would also match a
// field case-insensitively, and cannot name a field whose name a struct
// tag cannot hold). A null member leaves its field as encoding/json
// leaves it.
func UnmarshalFields(data []byte, names []string, fields []any) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return err
	}
	for i, name := range names {
		raw, ok := members[name]
		if !ok {
			continue
		}
		if err := json.Unmarshal(raw, fields[i]); err != nil {
			return fmt.Errorf("member %q: %w", name, err)
		}
	}
	return nil
}

// MarshalFields encodes a detail struct as a JSON object: the field values
// under names, in order, an optional field (optional[i]) left out when it
// is nil.
func MarshalFields(names []string, values []any, optional []bool) ([]byte, error) {
	b := []byte{'{'}
	for i, name := range names {
		if optional[i] && isNil(values[i]) {
			continue
		}
		if len(b) > 1 {
			b = append(b, ',')
		}
		key, _ := json.Marshal(name)
		value, err := json.Marshal(values[i])
		if err != nil {
			return nil, fmt.Errorf("member %q: %w", name, err)
		}
		b = append(append(append(b, key...), ':'), value...)
	}
	return append(b, '}'), nil
}

// isNil reports whether v is nil or a nil pointer, slice, map or
// interface.
func isNil(v any) bool {
	if v == nil {
		return true
	}
	switch rv := reflect.ValueOf(v); rv.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
		return rv.IsNil()
	}
	return false
}
