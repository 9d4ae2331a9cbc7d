package cli

import (
	"errors"
	"flag"
	"fmt"

	"github.com/errgen/errgen/internal/gen/explain"
	"github.com/errgen/errgen/internal/model"
)

var explainCmd = &command{
	name: "explain",
	args: "CODE|SYMBOL|TYPE|STATUS [-catalog FILE]",
	summary: "Print one error's reference (codes, templates, detail fields, doc, an example payload), named by code, " +
		"symbol, type, slug or problem type URI (a negative JSON-RPC code too: errgen explain -32700); " +
		"for an HTTP status (400-599) that is no error's code, list the errors that allow it. Exit 1 when none matches.",
	flags: func(fl *flag.FlagSet) {
		fl.String("catalog", DefaultCatalog, "catalog `file`")
	},
	run:          runExplain,
	negativeArgs: true,
}

func runExplain(env *Env, fl *flag.FlagSet, args []string) int {
	if len(args) == 0 {
		fmt.Fprintf(env.Stderr, "errgen explain: name an error: errgen explain CODE|SYMBOL|TYPE|STATUS\n")
		return ExitUsage
	}
	query := args[0]
	// flags may follow the error's name: errgen explain 2502 -catalog x.yaml
	if err := fl.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return ExitOK
		}
		return ExitUsage
	}
	if fl.NArg() > 0 {
		fmt.Fprintf(env.Stderr, "errgen explain: unexpected argument %q\n", fl.Arg(0))
		return ExitUsage
	}
	path := flagString(fl, "catalog")
	m, status := loadAndReport(env, path, false)
	if m == nil {
		return status
	}
	status, isStatus := explain.HTTPStatus(query)
	var allowing []*model.Error
	if isStatus {
		allowing = explain.ErrorsAllowing(m, status)
	}
	e, miss := explain.Find(m, query)
	switch {
	case e != nil:
		explain.Error(env.Stdout, m, e)
		if len(allowing) > 0 {
			fmt.Fprintf(env.Stdout, "\n%d is also an HTTP status, which %s: %s\n", status,
				explain.PluralVerb(len(allowing), "error allows", "errors allow"), explain.SymbolList(allowing))
		}
	case len(allowing) > 0:
		explain.Status(env.Stdout, m, status, allowing)
	default:
		if isStatus {
			miss += fmt.Sprintf("; no error allows HTTP status %d either (the statuses of %s: %s)", status, m.Name, explain.CatalogStatuses(m))
		}
		fmt.Fprintf(env.Stderr, "errgen explain: %s\n", miss)
		return ExitInvalid
	}
	return ExitOK
}
