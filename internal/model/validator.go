package model

import (
	"github.com/errgen/errgen/internal/diag"
)

// Validator validates detail values against the detail schemas of a
// catalog's errors as the strictest consumer of the wire does: the
// JSON Schema 2020-12 keywords with every format asserted. The conformance
// emitter keeps to it the details it makes up.
type Validator struct {
	vs *validators
}

// NewValidator returns a validator of the detail values of m's errors.
func NewValidator(m *Catalog) *Validator {
	byURL := make(map[string]*Shape, len(m.Shapes))
	for _, s := range m.Shapes {
		byURL[shapeURL(s)] = s
	}
	vs := newValidators(new(diag.List), byURL, nil)
	vs.compiler.AssertFormat()
	return &Validator{vs: vs}
}

// Valid reports whether v (a JSON value: map[string]any, []any, string,
// json.Number or float64, bool, nil) is valid details of e. An error
// without details takes none.
func (val *Validator) Valid(e *Error, v any) bool {
	if e.Details == nil {
		return v == nil
	}
	sch := val.vs.schema(e.Details)
	return sch != nil && sch.Validate(v) == nil
}
