package golang

import (
	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/model"
)

// Def returns the runtime definition of e as the Go package declares it,
// without its link to the catalog, its details' table and ZeroDetails,
// which the package declares beside it: the values defLiteral writes as
// e's composite literal. Templates are their catalog text; an empty
// user_message is none.
func Def(e *model.Error) *errgenrt.Def {
	d := &errgenrt.Def{
		Code:         e.Code,
		WireCode:     e.WireCode,
		Symbol:       e.Symbol,
		Aliases:      e.AliasSymbols(),
		Type:         e.Type,
		Domain:       e.Domain.Name,
		Title:        e.Title,
		ProblemType:  e.ProblemType,
		Statuses:     append([]int(nil), e.Statuses...),
		Retryable:    e.Retryable,
		RetryAfterMs: e.RetryAfterMs,
		Throttling:   e.Throttling,
		Deprecated:   e.Deprecated != nil,
		Message:      errgenrt.Template(e.Message.Source),

		ToolErrorsAsRPC: e.MCPToolErrors == model.ToolErrorsError,
		NeedsDetails:    !e.EmptyDetailsValid,
	}
	if e.Retry == errgenrt.RetryAfterChange {
		d.Retry = e.Retry // the others read from Retryable
	}
	if e.UserMessage != nil {
		d.UserMessage = errgenrt.Template(e.UserMessage.Source)
	}
	for _, s := range e.Suggestions {
		d.Suggestions = append(d.Suggestions, errgenrt.Template(s.Source))
	}
	return d
}
