package model

import (
	"strings"

	"github.com/errgen/errgen/internal/catalog"
)

// Codes are 32-bit integers: JSON-RPC error codes, and what every client
// reads them into.
const (
	minCode = -1 << 31
	maxCode = 1<<31 - 1
)

// emptyTexts reports the text keys of an error that are set but empty:
// the message (the wire message and problem detail), the user message and
// each suggestion say nothing when empty.
func (b *builder) emptyTexts(re *catalog.Error) {
	if re.Message.Set && strings.TrimSpace(re.Message.Value) == "" {
		b.diags.Errorf(re.Message.Pos, "message of %s must not be empty", re.Symbol.Value)
	}
	if re.UserMessage.Set && strings.TrimSpace(re.UserMessage.Value) == "" {
		b.diags.Errorf(re.UserMessage.Pos, "user_message of %s must not be empty (leave it out instead)", re.Symbol.Value)
	}
	for _, s := range re.Suggestions {
		if strings.TrimSpace(s.Value) == "" {
			b.diags.Errorf(s.Pos, "suggestion of %s must not be empty", re.Symbol.Value)
		}
	}
}

// rangeHoldsCodes reports a domain whose range holds no 32-bit code: no
// error could ever be in it.
func (b *builder) rangeHoldsCodes(rd *catalog.Domain, d *Domain) {
	if d.High < minCode || d.Low > maxCode {
		b.diags.Errorf(rd.RangePos, "domain %q range [%d, %d] holds no 32-bit code; codes lie in [%d, %d]", d.Name, d.Low, d.High, minCode, maxCode)
	}
}

// checkRequiredVerbose warns of required detail fields marked x-verbose:
// outside verbose mode the runtime leaves them out, so the wire schema
// does not require them, and clients reading "required" are misled.
func (p *schemaParser) checkRequiredVerbose() {
	for _, s := range p.all {
		for _, prop := range s.Properties {
			if !prop.Required || !prop.Schema.Verbose {
				continue
			}
			pos := prop.Pos
			if m := prop.Schema.Source.Member("x-verbose"); m != nil {
				pos = m.KeyPos
			}
			p.diags.Warnf(pos, "detail field %q is required but x-verbose: outside verbose mode it is left out, so the wire schema does not require it; make it optional or drop x-verbose", prop.Name)
		}
	}
}
