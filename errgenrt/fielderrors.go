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

// FieldErrorsFields are the top-level fields of FieldErrors, the
// [Def.DetailFields] of an error with these details.
var FieldErrorsFields = []string{"fieldErrors", "totalErrors"}

// ZeroFieldErrors returns empty FieldErrors, the [Def.ZeroDetails] of an
// error with these details.
func ZeroFieldErrors() Details { return new(FieldErrors) }

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

// Placeholder implements [Placeholders]: fieldErrors as JSON, totalErrors.
func (f *FieldErrors) Placeholder(t *Text, field string) {
	switch field {
	case "fieldErrors":
		t.JSON(&fieldFieldErrors, f.FieldErrors)
	case "totalErrors":
		t.Int(&fieldTotalErrors, f.TotalErrors)
	}
}
