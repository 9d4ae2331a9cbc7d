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

// rangeFitsCodes reports a domain whose range reaches past the 32-bit
// integers, as a code past them is: a range that holds no 32-bit code at
// all at the range, one that reaches past them at the bound that does,
// naming where to end it.
func (b *builder) rangeFitsCodes(rd *catalog.Domain, d *Domain) {
	if d.High < minCode || d.Low > maxCode {
		b.diags.Errorf(rd.RangePos, "domain %q range [%d, %d] holds no 32-bit code; codes lie in [%d, %d]", d.Name, d.Low, d.High, minCode, maxCode)
		return
	}
	if d.Low < minCode {
		b.diags.Errorf(rd.Low.Pos, "domain %q range [%d, %d] starts below the 32-bit integers: its low bound %d does not fit a code; start it at %d or above", d.Name, d.Low, d.High, d.Low, int64(minCode))
	}
	if d.High > maxCode {
		b.diags.Errorf(rd.High.Pos, "domain %q range [%d, %d] ends above the 32-bit integers: its high bound %d does not fit a code; end it at %d or below", d.Name, d.Low, d.High, d.High, int64(maxCode))
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
