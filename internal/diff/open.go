package diff

import "github.com/errgen/errgen/internal/model"

// openMapBreak returns why a change to additionalProperties breaks an open
// map (an object that declares properties and takes other members), or
// "": other members refused now, or of another JSON type. Senders of those
// members are rejected, and the Go struct loses its Extra field or changes
// its type.
func openMapBreak(o, n *model.Schema) string {
	if o.Additional == nil || len(o.Properties) == 0 {
		return ""
	}
	if n.Additional == nil {
		return "; its other members are refused now, and its Go struct loses Extra"
	}
	if ot, nt := o.Additional.Resolved(), n.Additional.Resolved(); ot != nil && nt != nil && ot.Type != nt.Type {
		return "; its other members change type, and so does its Go struct's Extra"
	}
	return ""
}
