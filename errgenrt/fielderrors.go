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

var (
	fieldFieldErrors = Field{Name: "fieldErrors"}
	fieldTotalErrors = Field{Name: "totalErrors"}
)

// AppendJSON implements [Details]; fields are written in sorted order.
func (f *FieldErrors) AppendJSON(e *Encoder, dst []byte) []byte {
	dst = e.Open(dst)
	dst = e.Key(dst, &fieldFieldErrors)
	dst = e.Open(dst)
	if e.Full() {
		for _, k := range sortedKeys(f.FieldErrors) {
			dst = append(appendQuoted(dst, k, -1), ':')
			dst = e.OpenArray(dst)
			for _, m := range f.FieldErrors[k] {
				dst = e.StringValue(dst, &fieldFieldErrors, m)
			}
			dst = e.CloseArray(dst)
		}
	}
	dst = e.Close(dst)
	dst = e.Int(dst, &fieldTotalErrors, f.TotalErrors)
	return e.Close(dst)
}

// Placeholder implements [Placeholders]: fieldErrors (0) as JSON, totalErrors (1).
func (f *FieldErrors) Placeholder(t *Text, field int) {
	switch field {
	case 0:
		t.JSON(&fieldFieldErrors, f.FieldErrors)
	case 1:
		t.Int(&fieldTotalErrors, f.TotalErrors)
	}
}
