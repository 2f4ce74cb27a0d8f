package lzstring_test

import (
	"fmt"

	"github.com/satdoku/satdoku/internal/lzstring"
)

func Example() {
	enc := lzstring.CompressToBase64(`{"size":4}`)
	fmt.Println(enc)
	dec, err := lzstring.DecompressFromBase64(enc)
	fmt.Println(dec, err)
	// Output:
	// N4IgzglgXgpiBcAWAvkA
	// {"size":4} <nil>
}
