package errgenrt

// FieldErrors is the built-in field_errors detail shape: validation
// failures aggregated by field.
type FieldErrors struct {
	FieldErrors map[string][]string `json:"fieldErrors"`
	TotalErrors int64               `json:"totalErrors"`
}

// Add records one message for a field.
func (f *FieldErrors) Add(field, message string) {
	if f.FieldErrors == nil {
		f.FieldErrors = map[string][]string{}
	}
	f.FieldErrors[field] = append(f.FieldErrors[field], message)
	f.TotalErrors++
}

// Len returns the number of messages.
func (f *FieldErrors) Len() int { return int(f.TotalErrors) }

// FieldErrorsNode is the node of the built-in field_errors shape:
// {fieldErrors: {FIELD: [MESSAGE…]…}, totalErrors: N}, the messages of
// each field as the other members of the fieldErrors object (sorted by
// field; left out of a minimal payload), and totalErrors at least 0 as
// the shape's schema says (a negative count is written 0). It is the
// node errgen's facts make of that schema, which the other runtimes
// write from (internal/facts' TestFieldErrorsNode holds the two alike).
var FieldErrorsNode = &Node{Kind: KindObject, Object: &Object{Trim: true, Fields: []Field{
	{Name: "fieldErrors", Required: true, Node: &Node{Kind: KindObject, Object: &Object{Trim: true,
		Extra: &Node{Kind: KindArray, Keep: 0, Items: &Node{Kind: KindString}}},
		Replacement: map[string]any{}, HasReplacement: true}},
	{Name: "totalErrors", Required: true, Node: &Node{Kind: KindInteger, Check: &Check{Minimum: Bound(0)},
		Replacement: float64(0), HasReplacement: true}},
}}}

// NewFieldErrors returns empty FieldErrors, the NewDetails of an error with
// these details.
func NewFieldErrors() Details { return new(FieldErrors) }

// ErrgenField implements [Details].
func (f *FieldErrors) ErrgenField(i int, v *Value) bool {
	switch i {
	case 0:
		v.Map = (*stringsMap)(&f.FieldErrors)
	case 1:
		v.Int = f.TotalErrors
	}
	return true
}

// stringsMap is the messages of FieldErrors as a [Map].
type stringsMap map[string][]string

func (m *stringsMap) Keys() []string { return keysOf(*m) }

func (m *stringsMap) Get(k string, v *Value) {
	l := Strings((*m)[k])
	v.List = &l
}

// UnmarshalJSON reads fieldErrors and totalErrors by their exact names.
func (f *FieldErrors) UnmarshalJSON(data []byte) error {
	return UnmarshalFields(data, []string{"fieldErrors", "totalErrors"}, []any{&f.FieldErrors, &f.TotalErrors})
}
