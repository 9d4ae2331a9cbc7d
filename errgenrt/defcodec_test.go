package errgenrt

import (
	"reflect"
	"strings"
	"testing"
)

func codecDefs() []*Def {
	hostile := "*/ /* `${x}` \"q\" \\ </script> | ``` \n# h \u2028\u2029 \ufeff \u202e 🙂 \x00\xff" + strings.Repeat("long ", 60) // a length of two varint bytes
	return []*Def{
		{Code: 1, WireCode: 1, Symbol: "E_A", Type: "a", Domain: "d", Title: "A", ProblemType: "urn:x:a",
			Statuses: []int{500}, Message: Template{Text: "plain"}},
		{Code: -32700, WireCode: -32700, Symbol: "E_PARSE", Type: "parse", Domain: "rpc", Title: hostile, ProblemType: hostile,
			Statuses: []int{400, 422, 599}, Retryable: true, Deprecated: true, ToolErrorsAsRPC: true,
			Message:     Template{Parts: []Part{{Lit: hostile}, {Arg: 1}, {Lit: " of "}, {Arg: 300}}},
			UserMessage: &Template{Text: ""},
			Suggestions: []Template{{Text: hostile}, {Parts: []Part{{Arg: 2}}}}},
		{Code: 1 << 40, WireCode: -(1 << 40), Message: Template{Text: ""}, UserMessage: &Template{Parts: []Part{{Arg: 1}, {Lit: "x"}}}},
	}
}

// Every definition comes back equal from its record, strings byte-exact.
func TestDefRoundTrip(t *testing.T) {
	shape := &Shape{Fields: []string{"a", "b"}, Zero: func() Details { return new(FieldErrors) }}
	for _, d := range codecDefs() {
		rec, err := AppendDef(nil, d)
		if err != nil {
			t.Fatal(err)
		}
		got := DecodeDef(string(rec), nil)
		if !reflect.DeepEqual(got, d) {
			t.Errorf("round trip of %s:\n got %#v\nwant %#v", d.Symbol, got, d)
		}
		withShape := DecodeDef(string(rec), shape)
		if !withShape.HasDetails || !reflect.DeepEqual(withShape.DetailFields, shape.Fields) || withShape.ZeroDetails == nil {
			t.Errorf("%s: the shape's details are not set: %#v", d.Symbol, withShape)
		}
	}
}

func TestAppendDefRejects(t *testing.T) {
	for name, d := range map[string]*Def{
		"render function": {Message: Template{Render: func(*Text, Details) {}}},
		"empty parts":     {Message: Template{Parts: []Part{}}},
		"negative arg":    {Message: Template{Parts: []Part{{Arg: -1}}}},
		"status":          {Statuses: []int{1000}},
	} {
		if _, err := AppendDef(nil, d); err == nil {
			t.Errorf("%s: AppendDef accepted %#v", name, d)
		}
	}
}

// A truncated, extended or corrupted record is refused, never misread.
func TestDecodeDefRefusesDamage(t *testing.T) {
	rec, err := AppendDef(nil, codecDefs()[1])
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"", "\x02" + string(rec[1:]), string(rec[:len(rec)-1]), string(rec) + "x", string(rec[:10])} {
		if _, err := decodeDef(bad); err == nil {
			t.Errorf("decodeDef accepted a damaged record %q", bad)
		}
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("DecodeDef of a damaged record did not panic")
			}
		}()
		DecodeDef("\x01", nil)
	}()
}

// FuzzDecodeDef: any record either decodes or is refused, and what decodes
// encodes back to the same record.
func FuzzDecodeDef(f *testing.F) {
	for _, d := range codecDefs() {
		rec, _ := AppendDef(nil, d)
		f.Add(string(rec))
	}
	f.Fuzz(func(t *testing.T, rec string) {
		d, err := decodeDef(rec)
		if err != nil {
			return
		}
		again, err := AppendDef(nil, d)
		if err != nil {
			t.Fatalf("a decoded record does not encode: %v", err)
		}
		if d2, err := decodeDef(string(again)); err != nil || !reflect.DeepEqual(d, d2) {
			t.Fatalf("decode(encode(decode(rec))) differs: %v\n%#v\n%#v", err, d, d2)
		}
	})
}
