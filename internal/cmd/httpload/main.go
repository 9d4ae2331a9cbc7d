// Command httpload measures the requests per second an HTTP/1.1 server on
// the loopback answers: -c connections, kept alive, each sending a GET and
// reading the whole response before the next, for -d after a -warmup
// that is not counted. It prints one line, requests/s and the responses by
// status. test/bench/ts-http-problem.mjs runs it (make bench-ts).
//
//	go run ./internal/cmd/httpload -c 32 -d 6s http://127.0.0.1:8080/
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	conns := flag.Int("c", 32, "connections")
	dur := flag.Duration("d", 6*time.Second, "how long to count responses")
	warmup := flag.Duration("warmup", time.Second, "how long to send before counting")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: httpload [-c N] [-d DURATION] [-warmup DURATION] http://HOST:PORT/PATH")
		os.Exit(2)
	}
	u, err := url.Parse(flag.Arg(0))
	if err != nil || u.Scheme != "http" || u.Host == "" {
		fmt.Fprintln(os.Stderr, "httpload: want an http:// URL:", flag.Arg(0))
		os.Exit(2)
	}
	request := []byte("GET " + u.RequestURI() + " HTTP/1.1\r\nHost: " + u.Host + "\r\n\r\n")

	var counting, stop atomic.Bool
	var mu sync.Mutex
	statuses := map[int]int{}
	var wg sync.WaitGroup
	errs := make(chan error, *conns)
	for i := 0; i < *conns; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			local := map[int]int{}
			defer func() {
				mu.Lock()
				for s, n := range local {
					statuses[s] += n
				}
				mu.Unlock()
			}()
			c, err := net.Dial("tcp", u.Host)
			if err != nil {
				errs <- err
				return
			}
			defer c.Close()
			r := bufio.NewReaderSize(c, 64<<10)
			for !stop.Load() {
				if _, err := c.Write(request); err != nil {
					errs <- err
					return
				}
				status, err := readResponse(r)
				if err != nil {
					errs <- err
					return
				}
				if counting.Load() {
					local[status]++
				}
			}
		}()
	}
	time.Sleep(*warmup)
	counting.Store(true)
	start := time.Now()
	time.Sleep(*dur)
	counting.Store(false)
	elapsed := time.Since(start)
	stop.Store(true)
	wg.Wait()
	close(errs)
	for err := range errs {
		fmt.Fprintln(os.Stderr, "httpload:", err)
		os.Exit(1)
	}
	total := 0
	var codes []int
	for s, n := range statuses {
		total += n
		codes = append(codes, s)
	}
	sort.Ints(codes)
	fmt.Printf("%.0f requests/s (%d in %.2fs, %d connections;", float64(total)/elapsed.Seconds(), total, elapsed.Seconds(), *conns)
	for _, s := range codes {
		fmt.Printf(" %d: %d", s, statuses[s])
	}
	fmt.Println(")")
}

// readResponse reads one response with a Content-Length (what the
// servers measured send) and returns its status.
func readResponse(r *bufio.Reader) (int, error) {
	line, err := r.ReadSlice('\n')
	if err != nil {
		return 0, err
	}
	f := bytes.Fields(line)
	if len(f) < 2 {
		return 0, fmt.Errorf("bad status line %q", line)
	}
	status, err := strconv.Atoi(string(f[1]))
	if err != nil {
		return 0, fmt.Errorf("bad status line %q", line)
	}
	length := -1
	for {
		h, err := r.ReadSlice('\n')
		if err != nil {
			return 0, err
		}
		h = bytes.TrimRight(h, "\r\n")
		if len(h) == 0 {
			break
		}
		if k, v, ok := bytes.Cut(h, []byte(":")); ok && bytes.EqualFold(bytes.TrimSpace(k), []byte("Content-Length")) {
			if length, err = strconv.Atoi(string(bytes.TrimSpace(v))); err != nil {
				return 0, fmt.Errorf("bad Content-Length %q", v)
			}
		}
	}
	if length < 0 {
		return 0, errors.New("a response without Content-Length")
	}
	_, err = r.Discard(length)
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return status, err
}
