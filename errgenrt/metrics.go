package errgenrt

import (
	"strconv"
	"sync"
)

// Metrics counts rendered errors: total, by code, by domain and by symbol.
// It is safe for concurrent use.
type Metrics struct {
	mu       sync.Mutex
	total    int64
	byCode   map[int64]int64
	byDomain map[string]int64
	bySymbol map[string]int64
}

// NewMetrics returns empty counters.
func NewMetrics() *Metrics {
	return &Metrics{byCode: map[int64]int64{}, byDomain: map[string]int64{}, bySymbol: map[string]int64{}}
}

// Record counts one error of d.
func (m *Metrics) Record(d *Def) {
	m.mu.Lock()
	m.total++
	m.byCode[d.Code]++
	m.byDomain[d.Domain]++
	m.bySymbol[d.Symbol]++
	m.mu.Unlock()
}

// Stats is a snapshot of the counters, in the shape of the sys/errorStats
// result.
type Stats struct {
	Total    int64            `json:"total"`
	ByCode   map[string]int64 `json:"byCode"`
	ByDomain map[string]int64 `json:"byDomain"`
	BySymbol map[string]int64 `json:"bySymbol"`
}

// Snapshot returns the counters at this moment.
func (m *Metrics) Snapshot() Stats {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := Stats{Total: m.total, ByCode: map[string]int64{}, ByDomain: map[string]int64{}, BySymbol: map[string]int64{}}
	for k, v := range m.byCode {
		s.ByCode[strconv.FormatInt(k, 10)] = v
	}
	for k, v := range m.byDomain {
		s.ByDomain[k] = v
	}
	for k, v := range m.bySymbol {
		s.BySymbol[k] = v
	}
	return s
}

// AppendJSON appends the snapshot as {"total","byCode","byDomain","bySymbol"}
// with keys sorted.
func (s Stats) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"total":`...)
	dst = strconv.AppendInt(dst, s.Total, 10)
	for _, part := range []struct {
		name string
		m    map[string]int64
	}{{"byCode", s.ByCode}, {"byDomain", s.ByDomain}, {"bySymbol", s.BySymbol}} {
		dst = append(dst, ',')
		dst = appendQuoted(dst, part.name, -1)
		dst = append(dst, ':', '{')
		for i, k := range sortedKeys(part.m) {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(appendQuoted(dst, k, -1), ':')
			dst = strconv.AppendInt(dst, part.m[k], 10)
		}
		dst = append(dst, '}')
	}
	return append(dst, '}')
}

func (e *Error) record() {
	if m := e.Def.Catalog.Metrics; m != nil {
		m.Record(e.Def)
	}
}
