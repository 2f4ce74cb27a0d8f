package web

import (
	"context"
	"fmt"
	"net"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// smallSide is the largest board side of a "small" solve: one that may take
// the slot that larger boards leave free (see solveSlots).
const smallSide = 9

// solveSlots hands out the slots of the solves running at once, fairly:
//
//   - at most max solves run at once;
//   - boards larger than 9×9 (the solves that can take long) hold at most
//     max−1 slots between them, so that a quick classic solve is never
//     refused because long ones fill the server;
//   - and one remote client (an IP address) holds at most half of those,
//     at least one, so that one client cannot hold them all.
//
// Every page on this machine is the same client (127.0.0.1, ::1), so the
// share of one client does not apply to loopback addresses: there, the
// slot kept for small boards is what keeps one page from holding every
// slot.
type solveSlots struct {
	mu       sync.Mutex
	max      int
	running  int
	large    int
	byClient map[string]int // large solves running, by client
}

func newSolveSlots(max int) *solveSlots {
	return &solveSlots{max: max, byClient: map[string]int{}}
}

// largeLimits returns how many large solves may run at once, in all and
// for one client.
func (s *solveSlots) largeLimits() (all, perClient int) {
	all = max(1, s.max-1)
	return all, max(1, all/2)
}

// take takes a slot for a solve of a board of the given side for client,
// and returns the function that gives it back, or nil and why not.
func (s *solveSlots) take(client string, side int) (release func(), why string) {
	large := side > smallSide
	s.mu.Lock()
	defer s.mu.Unlock()
	all, perClient := s.largeLimits()
	switch {
	case s.running >= s.max:
		return nil, fmt.Sprintf("%d solves are running, its limit", s.max)
	case large && s.large >= all:
		return nil, fmt.Sprintf("%d solves of boards larger than 9x9 are running, their limit (a slot stays free for smaller ones)", all)
	case large && !isLoopbackIP(client) && s.byClient[client] >= perClient:
		return nil, fmt.Sprintf("%d solves of boards larger than 9x9 from your address are running, the share of one client", perClient)
	}
	s.running++
	if large {
		s.large++
		s.byClient[client]++
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			s.mu.Lock()
			defer s.mu.Unlock()
			s.running--
			if large {
				s.large--
				if s.byClient[client]--; s.byClient[client] == 0 {
					delete(s.byClient, client)
				}
			}
		})
	}, ""
}

// count returns the solves running.
func (s *solveSlots) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.running
}

// isLoopbackIP reports whether a client address is this machine's.
func isLoopbackIP(addr string) bool {
	ip := net.ParseIP(addr)
	return ip != nil && ip.IsLoopback()
}

// clientKey is the context key of a request's client address.
type clientKey struct{}

// clientOf returns the client address a request's context carries.
func clientOf(ctx context.Context) string {
	c, _ := ctx.Value(clientKey{}).(string)
	return c
}

// clientAddr is the client of a request for the fair share: its IP
// address, without the port.
func clientAddr(remote string) string {
	if host, _, err := net.SplitHostPort(remote); err == nil {
		return host
	}
	return remote
}

// bigPicture is the size of a picture after which the handler hands the
// memory it took back to the system once nothing else is drawing or
// solving: the collector keeps a heap grown by a burst of big renders for
// minutes otherwise.
const bigPicture = 1 << 20

// memoryReturner gives memory back to the system after big pictures.
type memoryReturner struct {
	busy   atomic.Int64 // renders and solves under way
	owed   atomic.Bool  // a big picture was drawn since the last return
	giving atomic.Bool  // a return is under way
}

func (m *memoryReturner) start() { m.busy.Add(1) }

// done ends a render or a solve that produced size bytes of pictures.
func (m *memoryReturner) done(size int) {
	if size >= bigPicture {
		m.owed.Store(true)
	}
	if m.busy.Add(-1) == 0 && m.owed.Load() && m.giving.CompareAndSwap(false, true) {
		go func() {
			defer m.giving.Store(false)
			m.owed.Store(false)
			// Twice: the buffers that sync.Pools keep (encoding/json's,
			// as large as the biggest answer) outlive one collection.
			runtime.GC()
			debug.FreeOSMemory()
		}()
	}
}
