package markdown

import "strconv"

// appendIndex appends the index page of v to b as index.md.tmpl renders it
// (see the note at the top of errorpage.go).
func appendIndex(b []byte, v *indexView) []byte {
	b = appendFrontMatterHead(b, &v.page)
	b = append(b, "title: "...)
	b = append(b, yaml(v.Catalog.Name+" errors")...)
	b = append(b, "\ndescription: "...)
	b = append(b, yaml("Every error of the "+v.Catalog.Name+" catalog, version "+v.Catalog.Version+", by domain and code.")...)
	b = append(b, "\nsidebar_position: 0\nweight: 0\n---\n<!-- "...)
	b = append(b, v.Header...)
	b = append(b, " -->\n\n<div v-pre>\n\n# "...)
	b = append(b, text(v.Catalog.Name)...)
	b = append(b, " errors\n\nVersion "...)
	b = append(b, text(v.Catalog.Version)...)
	b = append(b, " of the "...)
	b = append(b, code(v.Catalog.Name)...)
	b = append(b, " error catalog:\n"...)
	b = strconv.AppendInt(b, int64(v.Catalog.Errors), 10)
	b = append(b, " errors in "...)
	b = strconv.AppendInt(b, int64(v.Catalog.Domains), 10)
	b = append(b, " domains.\n"...)
	for _, d := range v.Domains {
		b = append(b, "\n## ["...)
		b = append(b, text(d.Title)...)
		b = append(b, "]("...)
		b = append(b, d.Link...)
		b = append(b, ")\n\nCodes "...)
		b = strconv.AppendInt(b, d.Low, 10)
		b = append(b, " to "...)
		b = strconv.AppendInt(b, d.High, 10)
		if d.Reserved {
			b = append(b, " (the JSON-RPC reserved block)"...)
		}
		b = append(b, '.')
		if d.Description != "" {
			b = append(b, ' ')
			b = append(b, text(d.Description)...)
		}
		b = append(b, '\n')
		b = appendErrorTable(b, d.Errors)
	}
	if len(v.Retired) > 0 {
		b = append(b, "\n## Retired\n\nThese codes and symbols were removed from the catalog and are never reused.\n\n| Code | Symbol | Since | Note |\n|---:|---|---|---|\n"...)
		for _, r := range v.Retired {
			b = append(b, "| "...)
			b = append(b, r.Code...)
			b = append(b, " | "...)
			b = append(b, cellcode(r.Symbol)...)
			b = append(b, " | "...)
			b = append(b, text(r.Since)...)
			b = append(b, " | "...)
			b = append(b, text(r.Note)...)
			b = append(b, " |\n"...)
		}
	}
	return append(b, "\n</div>\n"...)
}

// appendDomainPage appends the page of a domain as domain.md.tmpl renders
// it.
func appendDomainPage(b []byte, v *domainPage) []byte {
	d := v.Domain
	b = appendFrontMatterHead(b, &v.page)
	b = append(b, "title: "...)
	b = append(b, yaml(d.Title+" errors")...)
	b = append(b, "\ndescription: "...)
	if d.Description != "" {
		b = append(b, yaml(d.Description)...)
	} else {
		b = append(b, yaml("The errors of the "+d.Name+" domain.")...)
	}
	b = append(b, "\nsidebar_position: "...)
	b = strconv.AppendInt(b, int64(v.Position), 10)
	b = append(b, "\nweight: "...)
	b = strconv.AppendInt(b, int64(v.Position), 10)
	b = append(b, "\n---\n<!-- "...)
	b = append(b, v.Header...)
	b = append(b, " -->\n\n<div v-pre>\n\n"...)
	if d != nil {
		b = append(b, "# "...)
		b = append(b, text(d.Title)...)
		b = append(b, '\n')
		if d.Description != "" {
			b = append(b, '\n')
			b = append(b, text(d.Description)...)
			b = append(b, '\n')
		}
		b = append(b, "\nDomain "...)
		b = append(b, code(d.Name)...)
		b = append(b, ": codes "...)
		b = strconv.AppendInt(b, d.Low, 10)
		b = append(b, " to "...)
		b = strconv.AppendInt(b, d.High, 10)
		if d.Reserved {
			b = append(b, ", the JSON-RPC reserved block"...)
		}
		if d.Prefix != "" {
			b = append(b, "; symbols start with "...)
			b = append(b, code("E_"+d.Prefix+"_")...)
			b = append(b, " or "...)
			b = append(b, code(d.Prefix+"_")...)
		}
		b = append(b, ".\n"...)
		b = appendErrorTable(b, d.Errors)
	}
	b = append(b, "\n[All errors]("...)
	b = append(b, v.Index...)
	return append(b, ")\n\n</div>\n"...)
}

// appendFrontMatterHead appends the first lines of a page's front matter:
// the header comment and the source comment.
func appendFrontMatterHead(b []byte, p *page) []byte {
	b = append(b, "---\n# "...)
	b = append(b, p.Header...)
	b = append(b, '\n')
	if p.Source != "" {
		b = append(b, "# source: "...)
		b = append(b, p.Source...)
		b = append(b, '\n')
	}
	return b
}

// appendErrorTable appends the table of a domain's errors, the part of
// index.md.tmpl and domain.md.tmpl from {{if .Errors}} on.
func appendErrorTable(b []byte, rows []errorRow) []byte {
	if len(rows) == 0 {
		return append(b, "\nNo errors yet.\n"...)
	}
	b = append(b, "\n| Code | Symbol | Title | HTTP status | Retryable |\n|---:|---|---|---|---|\n"...)
	for _, r := range rows {
		b = append(b, "| "...)
		b = strconv.AppendInt(b, r.Code, 10)
		b = append(b, " | ["...)
		b = append(b, cellcode(r.Symbol)...)
		b = append(b, "]("...)
		b = append(b, r.Link...)
		b = append(b, ')')
		if r.Deprecated {
			b = append(b, " (deprecated)"...)
		}
		b = append(b, " | "...)
		b = append(b, text(r.Title)...)
		b = append(b, " | "...)
		b = append(b, r.Statuses...)
		b = append(b, " | "...)
		b = append(b, yesno(r.Retryable)...)
		b = append(b, " |\n"...)
	}
	return b
}
