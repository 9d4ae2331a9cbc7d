package gen

import (
	"time"

	"github.com/errgen/errgen/errgenrt"
)

// The fixed values the example payloads of the outputs (the docs pages,
// the OpenAPI examples, errgen explain) are rendered with, so that they
// are the same on every run.
var (
	ExampleTime     = time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	ExampleInstance = "urn:uuid:3f7e4c8a-9d2b-4e3a-8f1c-2b5d9e6a7c8f"
)

// ExampleOptions returns the default rendering options with the fixed
// clock and instance of the examples.
func ExampleOptions() errgenrt.Options {
	o := errgenrt.DefaultOptions()
	o.Now = func() time.Time { return ExampleTime }
	o.Instance = func() string { return ExampleInstance }
	return o
}
