package errgenotel_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"sort"

	"github.com/errgen/errgen/errgenotel"
	"github.com/errgen/errgen/errgenrt"
	"go.opentelemetry.io/otel/attribute"
	sdklog "go.opentelemetry.io/otel/sdk/log"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

// An HTTP server answers a failed request with the catalog's problem
// document; errgenotel records the error on the request's span and as an
// exception log record.
func Example() {
	quota := &errgenrt.Def{Code: 1001, WireCode: -32010, Symbol: "E_QUOTA", Domain: "billing",
		Title: "Quota exceeded", Statuses: []int{429}, Message: "Quota exceeded"}
	catalog := errgenrt.NewCatalog(&errgenrt.Catalog{Name: "demo"}, []*errgenrt.Def{quota}, "E_QUOTA")

	spans := tracetest.NewInMemoryExporter()
	tracer := sdktrace.NewTracerProvider(sdktrace.WithSyncer(spans)).Tracer("server")
	records := &logs{}
	inst, err := errgenotel.Install(catalog,
		errgenotel.WithLoggerProvider(sdklog.NewLoggerProvider(sdklog.WithProcessor(sdklog.NewSimpleProcessor(records)))))
	if err != nil {
		panic(err)
	}
	defer inst.Uninstall()

	handler := func(w http.ResponseWriter, r *http.Request) {
		ctx, span := tracer.Start(r.Context(), "GET /upload")
		defer span.End()
		catalog.WriteProblemContext(ctx, w, errgenrt.New(quota, nil), nil)
	}
	handler(httptest.NewRecorder(), httptest.NewRequest("GET", "/upload", nil))

	s := spans.GetSpans()[0]
	fmt.Println("span status:", s.Status.Code)
	printSorted(s.Attributes)
	r := records.all()[0]
	fmt.Println("log:", r.EventName(), r.SeverityText())
	var attrs []attribute.KeyValue
	r.WalkAttributes(func(kv attribute.KeyValue) bool { attrs = append(attrs, kv); return true })
	printSorted(attrs)
	// Output:
	// span status: Unset
	//   errgen.error.code=1001
	//   errgen.error.domain=billing
	//   errgen.error.symbol=E_QUOTA
	//   error.type=E_QUOTA
	// log: exception WARN
	//   errgen.error.code=1001
	//   errgen.error.domain=billing
	//   errgen.error.symbol=E_QUOTA
	//   error.type=E_QUOTA
	//   exception.message=Quota exceeded
	//   exception.type=E_QUOTA
}

func printSorted(kvs []attribute.KeyValue) {
	sort.Slice(kvs, func(i, j int) bool { return kvs[i].Key < kvs[j].Key })
	for _, kv := range kvs {
		fmt.Printf("  %s=%s\n", kv.Key, kv.Value.String())
	}
}
