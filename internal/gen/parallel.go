package gen

import (
	"sync"
	"sync/atomic"
)

// ParallelN calls f(0) … f(n-1) on at most workers goroutines, each
// taking the next i until none is left, and returns when every call has.
func ParallelN(workers, n int, f func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(max(workers, 1), n) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				f(i)
			}
		})
	}
	wg.Wait()
}
