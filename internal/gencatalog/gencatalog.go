// Package gencatalog writes synthetic catalogs for benchmarks and tests:
// large ones (n errors over 100 domains and 20 detail shapes, with
// templates, suggestions, docs and examples that all pass check), and the
// hostile catalog, whose text breaks naive generators.
package gencatalog

import (
	"fmt"
	"strings"
)

// Domains and Shapes are the fixed counts of a generated catalog.
const (
	Domains = 100
	Shapes  = 20
)

// Generate returns the YAML of a valid catalog with n errors.
func Generate(n int) []byte {
	var b strings.Builder
	b.Grow(n * 700)
	b.WriteString("errgen: 1\nname: bench\nversion: 1.0.0\nproblem_base: https://errors.example.com/bench/\n")
	b.WriteString("fallback: E_D000_ERR_000000\n\ndomains:\n")
	perDomain := (n + Domains - 1) / Domains
	if perDomain < 1 {
		perDomain = 1
	}
	span := int64(1000)
	for span < int64(perDomain) {
		span *= 10
	}
	for d := 0; d < Domains; d++ {
		lo := 10000 + int64(d)*span
		fmt.Fprintf(&b, "  dom%03d:\n    range: [%d, %d]\n    prefix: D%03d\n    description: Synthetic domain number %d.\n", d, lo, lo+span-1, d, d)
	}
	b.WriteString("\ndetails:\n")
	for s := 0; s < Shapes; s++ {
		fmt.Fprintf(&b, `  shape_%02d:
    description: Synthetic shape %d.
    type: object
    required: [resource, limit, actual]
    properties:
      resource: {type: string, description: What was limited}
      limit: {type: integer, minimum: 0}
      actual: {type: integer, minimum: 0}
      unit: {type: string, enum: [bytes, items, seconds]}
      path: {type: string, x-sanitize: path, x-sensitive: true}
      tags: {type: array, items: {type: string}}
      source: {type: string, x-verbose: true}
      sample: {$ref: sample_%02d}
  sample_%02d:
    type: object
    properties:
      values: {type: array, items: {type: string}}
      more: {type: integer}
`, s, s, s, s)
	}
	b.WriteString("\nerrors:\n")
	for i := 0; i < n; i++ {
		d := i % Domains
		code := 10000 + int64(d)*span + int64(i/Domains)
		fmt.Fprintf(&b, "  E_D%03d_ERR_%06d:\n    code: %d\n    title: Synthetic error %d\n", d, i, code, i)
		fmt.Fprintf(&b, "    message: \"Resource {resource} is at {actual} of {limit} {unit} (error %d)\"\n", i)
		b.WriteString("    user_message: The request went over a limit.\n")
		if i%3 == 0 {
			b.WriteString("    status: [429, 503]\n    retryable: true\n")
		} else {
			b.WriteString("    status: 413\n")
		}
		if i%10 == 9 {
			b.WriteString(`    details:
      type: object
      required: [resource, limit, actual]
      properties:
        resource: {type: string}
        limit: {type: integer}
        actual: {type: integer}
        unit: {type: string}
        note: {type: string, maxLength: 200}
`)
		} else {
			fmt.Fprintf(&b, "    details: shape_%02d\n", i%Shapes)
		}
		b.WriteString("    suggestions:\n      - Lower {resource} below {limit}\n      - Retry with a smaller request\n")
		fmt.Fprintf(&b, "    doc: |\n      Synthetic error number %d, raised when a resource passes its limit.\n      It exists to measure errgen on large catalogs.\n", i)
		b.WriteString("    examples:\n      - {resource: file_size, limit: 1048576, actual: 5242880, unit: bytes}\n")
		b.WriteString("    since: 1.0.0\n")
	}
	return []byte(b.String())
}
