package errgenrt

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// Shape describes one generated detail type for [DecodeDef]: the names of
// its top-level fields and a constructor of its zero value.
type Shape struct {
	Fields []string
	Zero   func() Details
}

// defFormat is the first byte of every encoded definition. A runtime refuses
// records of another format rather than misreading them.
const defFormat = 1

const (
	flagRetryable = 1 << iota
	flagDeprecated
	flagUserMessage
	flagToolErrorsAsRPC
)

// AppendDef appends the record of d that [DecodeDef] reads back: errgen's
// Go emitter stores each definition as one string constant, so that large
// catalogs stay quick to generate, format and compile. Templates must be
// literal text or parts (not render functions); the catalog link and the
// detail fields are not part of the record.
func AppendDef(dst []byte, d *Def) ([]byte, error) {
	dst = append(dst, defFormat)
	dst = binary.AppendVarint(dst, d.Code)
	dst = binary.AppendVarint(dst, d.WireCode)
	for _, s := range []string{d.Symbol, d.Type, d.Domain, d.Title, d.ProblemType} {
		dst = appendStr(dst, s)
	}
	dst = binary.AppendUvarint(dst, uint64(len(d.Statuses)))
	for _, s := range d.Statuses {
		if s < 0 || s > 999 {
			return nil, fmt.Errorf("errgenrt: %s: status %d out of range", d.Symbol, s)
		}
		dst = binary.AppendUvarint(dst, uint64(s))
	}
	var flags uint64
	if d.Retryable {
		flags |= flagRetryable
	}
	if d.Deprecated {
		flags |= flagDeprecated
	}
	if d.UserMessage != nil {
		flags |= flagUserMessage
	}
	if d.ToolErrorsAsRPC {
		flags |= flagToolErrorsAsRPC
	}
	dst = binary.AppendUvarint(dst, flags)
	tpls := []*Template{&d.Message}
	if d.UserMessage != nil {
		tpls = append(tpls, d.UserMessage)
	}
	var err error
	for _, t := range tpls {
		if dst, err = appendTemplate(dst, t); err != nil {
			return nil, fmt.Errorf("errgenrt: %s: %w", d.Symbol, err)
		}
	}
	dst = binary.AppendUvarint(dst, uint64(len(d.Suggestions)))
	for i := range d.Suggestions {
		if dst, err = appendTemplate(dst, &d.Suggestions[i]); err != nil {
			return nil, fmt.Errorf("errgenrt: %s: %w", d.Symbol, err)
		}
	}
	return dst, nil
}

func appendStr(dst []byte, s string) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(s)))
	return append(dst, s...)
}

// A template is its number of parts, then each part: 0 and a literal, or
// the placeholder's argument. Zero parts means literal text follows.
func appendTemplate(dst []byte, t *Template) ([]byte, error) {
	if t.Render != nil {
		return nil, errors.New("a template with a render function cannot be encoded")
	}
	if t.Parts == nil {
		dst = append(dst, 0)
		return appendStr(dst, t.Text), nil
	}
	if len(t.Parts) == 0 {
		return nil, errors.New("a template with an empty parts list cannot be encoded")
	}
	dst = binary.AppendUvarint(dst, uint64(len(t.Parts)))
	for _, p := range t.Parts {
		if p.Arg < 0 {
			return nil, fmt.Errorf("negative placeholder argument %d", p.Arg)
		}
		dst = binary.AppendUvarint(dst, uint64(p.Arg))
		if p.Arg == 0 {
			dst = appendStr(dst, p.Lit)
		}
	}
	return dst, nil
}

// DecodeDef returns the definition that rec, written by [AppendDef],
// describes, with the details of shape (nil: the error has none). Its
// strings share rec's memory. A malformed record panics: records are
// generated code, and a broken one must stop the program at initialization
// rather than describe the wrong error.
func DecodeDef(rec string, shape *Shape) *Def {
	d, err := decodeDef(rec)
	if err != nil {
		panic("errgenrt: " + err.Error())
	}
	if shape != nil {
		d.HasDetails = true
		d.DetailFields = shape.Fields
		d.ZeroDetails = shape.Zero
	}
	return d
}

type defReader struct {
	s   string
	err error
}

var errRecord = errors.New("malformed definition record")

func (r *defReader) uvarint() uint64 {
	var v uint64
	for shift := 0; shift < 64; shift += 7 {
		if len(r.s) == 0 {
			break
		}
		b := r.s[0]
		r.s = r.s[1:]
		v |= uint64(b&0x7f) << shift
		if b < 0x80 {
			return v
		}
	}
	r.err = errRecord
	r.s = ""
	return 0
}

func (r *defReader) varint() int64 {
	u := r.uvarint()
	return int64(u>>1) ^ -int64(u&1)
}

// count reads a length that cannot exceed what is left of the record.
func (r *defReader) count() int {
	n := r.uvarint()
	if n > uint64(len(r.s)) {
		r.err, r.s = errRecord, ""
		return 0
	}
	return int(n)
}

func (r *defReader) str() string {
	n := r.count()
	s := r.s[:n]
	r.s = r.s[n:]
	return s
}

func (r *defReader) template() Template {
	n := r.count()
	if n == 0 {
		return Template{Text: r.str()}
	}
	parts := make([]Part, n)
	for i := range parts {
		arg := r.uvarint()
		if arg > 1<<20 {
			r.err, r.s = errRecord, ""
		}
		parts[i].Arg = int(arg)
		if arg == 0 {
			parts[i].Lit = r.str()
		}
	}
	return Template{Parts: parts}
}

func decodeDef(rec string) (*Def, error) {
	if len(rec) == 0 || rec[0] != defFormat {
		return nil, errors.New("definition record of an unknown format (regenerate the package with this runtime's errgen)")
	}
	r := &defReader{s: rec[1:]}
	d := &Def{}
	d.Code = r.varint()
	d.WireCode = r.varint()
	d.Symbol, d.Type, d.Domain, d.Title, d.ProblemType = r.str(), r.str(), r.str(), r.str(), r.str()
	if n := r.count(); n > 0 {
		d.Statuses = make([]int, n)
		for i := range d.Statuses {
			s := r.uvarint()
			if s > 999 {
				r.err, r.s = errRecord, ""
			}
			d.Statuses[i] = int(s)
		}
	}
	flags := r.uvarint()
	if flags >= flagToolErrorsAsRPC<<1 {
		r.err, r.s = errRecord, ""
	}
	d.Retryable = flags&flagRetryable != 0
	d.Deprecated = flags&flagDeprecated != 0
	d.ToolErrorsAsRPC = flags&flagToolErrorsAsRPC != 0
	d.Message = r.template()
	if flags&flagUserMessage != 0 {
		um := r.template()
		d.UserMessage = &um
	}
	if n := r.count(); n > 0 {
		d.Suggestions = make([]Template, n)
		for i := range d.Suggestions {
			d.Suggestions[i] = r.template()
		}
	}
	if r.err == nil && r.s != "" {
		r.err = errRecord
	}
	if r.err != nil {
		return nil, r.err
	}
	return d, nil
}
