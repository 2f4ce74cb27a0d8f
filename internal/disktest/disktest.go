// Package disktest gives tests a small disk that fills up: a tmpfs of a
// given size, mounted for the test where it may mount one (as root on
// Linux). Elsewhere the test is skipped: a writer that fails after N bytes
// is then the way to test a failed write.
package disktest

import "testing"

// SmallDisk returns a folder on a new file system of size bytes, which
// the test's cleanup unmounts, or skips the test when none can be
// mounted.
func SmallDisk(tb testing.TB, size int) string {
	tb.Helper()
	dir := tb.TempDir()
	if err := mount(dir, size); err != nil {
		tb.Skipf("no small disk for this test: %v", err)
	}
	tb.Cleanup(func() {
		if err := unmount(dir); err != nil {
			tb.Errorf("unmounting %s: %v", dir, err)
		}
	})
	return dir
}
