package cli

import (
	"flag"
	"fmt"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/gen/outputs"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/pipeline"
)

var generateCmd = &command{
	name:    "generate",
	args:    generateArgs(),
	summary: "Check a catalog and write its outputs: those the flags name (-go DIR, -rust DIR, -schema FILE, …) and no others; with none named, the catalog's outputs, and the Go package, TypeScript package, JSON Schema and docs at their default places unless it places them. Nothing is written unless the catalog is valid and every emitter succeeds.",
	flags: func(fl *flag.FlagSet) {
		fl.String("catalog", DefaultCatalog, "catalog `file`")
		for _, o := range outputs.All {
			s := o.Spec()
			fl.String(s.Key, "", s.Usage)
			for _, st := range s.Settings {
				if st.Flag != "" {
					fl.String(st.Flag, "", st.Usage)
				}
			}
		}
		fl.Bool("check", false, "write nothing; exit 1 listing every output that is stale, missing or extra")
	},
	run: runGenerate,
}

// generateArgs spells generate's arguments: "[-catalog FILE] [-go DIR]
// [-go-package NAME] … [-check]".
func generateArgs() string {
	args := "[-catalog FILE]"
	for _, o := range outputs.All {
		s := o.Spec()
		kind := "DIR"
		if !s.Dir {
			kind = "FILE"
		}
		args += " [-" + s.Key + " " + kind + "]"
		for _, st := range s.Settings {
			switch {
			case st.Flag == "":
			case st.Dir:
				args += " [-" + st.Flag + " DIR]"
			default:
				args += " [-" + st.Flag + " NAME]"
			}
		}
	}
	return args + " [-check]"
}

// runGenerate parses generate's flags into a request of the write
// pipeline, which does the rest.
func runGenerate(env *Env, fl *flag.FlagSet, args []string) int {
	if len(args) > 0 {
		fmt.Fprintf(env.Stderr, "errgen generate: unexpected argument %q\n", args[0])
		return ExitUsage
	}
	return pipeline.Generate(generateRequest(env, fl))
}

// generateRequest returns the pipeline's request of generate's flags fl.
func generateRequest(env *Env, fl *flag.FlagSet) *pipeline.Request {
	req := &pipeline.Request{
		Catalog:  flagString(fl, "catalog"),
		Check:    flagString(fl, "check") == "true",
		Places:   map[string]string{},
		Settings: map[string]string{},
		Rerun:    func() string { return rerun(env, fl) },
		Load: func(path string) (*catalog.Catalog, *model.Catalog, int, int) {
			return loadForGenerate(env, path)
		},
		Stdout: env.Stdout,
		Stderr: env.Stderr,
		Dir:    env.Dir,
		FS:     env.FS,
	}
	for _, o := range outputs.All {
		s := o.Spec()
		if v := flagString(fl, s.Key); v != "" {
			req.Places[s.Key] = v
		}
		for _, st := range s.Settings {
			if st.Flag == "" {
				continue
			}
			if v := flagString(fl, st.Flag); v != "" {
				req.Settings[st.Flag] = v
			}
		}
	}
	return req
}

// rerun returns the command that writes what generate -check checked: the
// same flags without -check, as the user runs errgen.
func rerun(env *Env, fl *flag.FlagSet) string {
	cmd := env.invocation() + " generate"
	fl.Visit(func(f *flag.Flag) {
		if f.Name != "check" {
			cmd += " -" + f.Name + " " + pipeline.ShellWord(f.Value.String())
		}
	})
	return cmd
}
