package markdown

import (
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"text/template"

	"github.com/errgen/errgen/templates"
)

// parseTemplates parses the built-in templates with those of override
// taking their place (see [Options.Templates]).
func parseTemplates(override fs.FS) (*template.Template, error) {
	sources := map[string]fs.FS{}
	builtins, err := fs.Glob(templates.FS, "*.md.tmpl")
	if err != nil {
		return nil, err
	}
	for _, name := range builtins {
		sources[name] = templates.FS
	}
	if override != nil {
		names, err := fs.Glob(override, "*.md.tmpl")
		if err != nil {
			return nil, fmt.Errorf("templates: %w", err)
		}
		for _, name := range names {
			sources[name] = override
		}
	}
	names := make([]string, 0, len(sources))
	for name := range sources {
		names = append(names, name)
	}
	sort.Strings(names)
	root := template.New("").Option("missingkey=error").Funcs(funcs)
	for _, name := range names {
		data, err := fs.ReadFile(sources[name], name)
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return nil, fmt.Errorf("template %s: %w", name, err)
		}
		if _, err := root.New(name).Parse(string(data)); err != nil {
			return nil, err // "template: NAME:LINE: …"
		}
	}
	for _, name := range []string{indexTemplate, domainTemplate, errorTemplate} {
		if root.Lookup(name) == nil {
			return nil, fmt.Errorf("template %s is missing", name)
		}
	}
	return root, nil
}
