package brokenpipe_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
	"testing"

	"github.com/satdoku/satdoku/internal/brokenpipe"
)

func TestIs(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"EPIPE", syscall.EPIPE, true},
		{"wrapped EPIPE", fmt.Errorf("write: %w", &os.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.EPIPE}), true},
		{"EOF", io.EOF, false},
		{"no space", syscall.ENOSPC, false},
		{"other", errors.New("broken pipe"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := brokenpipe.Is(tt.err); got != tt.want {
				t.Fatalf("Is(%v) = %v, want %v", tt.err, got, tt.want)
			}
		})
	}
}

// TestClosedPipe writes to a real pipe whose reader is closed.
func TestClosedPipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	defer w.Close()
	_, err = w.Write([]byte("x"))
	if err == nil || !brokenpipe.Is(err) {
		t.Fatalf("write to a closed pipe: %v, Is = false", err)
	}
}
