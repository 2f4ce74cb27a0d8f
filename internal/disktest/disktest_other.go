//go:build !linux

package disktest

import "errors"

func mount(string, int) error { return errors.New("mounting a tmpfs needs Linux") }

func unmount(string) error { return nil }
