// Package lzstring compresses and decompresses text the way the JavaScript
// library lz-string (pieroxy/lz-string, version 1.4–1.5) does, in its two
// printable forms: the base64 one (compressToBase64 / decompressFromBase64),
// which f-puzzles.com puts after "?load=", and the URI-safe one
// (compressToEncodedURIComponent / decompressFromEncodedURIComponent).
//
// The format is LZW over UTF-16 code units. The compressed stream is a
// sequence of codes, each written least significant bit first in a width
// that grows by one bit whenever the dictionary doubles (starting at 2
// bits): code 0 introduces a literal 8-bit unit, code 1 a literal 16-bit
// unit, code 2 ends the stream, and every other code names a dictionary
// entry. The bits are packed six to a character of the alphabet, most
// significant first:
//
//	base64:   A–Z a–z 0–9 + /   padded with '=' to a multiple of four
//	URI-safe: A–Z a–z 0–9 + - $  (no padding)
//
// Compressing "hello" gives "BYUwNmD2Q===" and the URI-safe "BYUwNmD2Q".
//
// Text crosses the API as Go strings (UTF-8) and is converted to UTF-16
// inside, so text outside the Basic Multilingual Plane (emoji) round-trips
// as surrogate pairs, exactly as in JavaScript. A decompressed stream that
// holds an unpaired surrogate (which a JavaScript string may, but valid
// UTF-8 cannot) decodes it as U+FFFD.
//
// Decompression never panics and its memory is bounded: it stops with
// ErrTooLarge once the output would exceed the caller's limit
// (DefaultMaxLen code units for the convenience functions), and reports
// malformed input — a character outside the alphabet, a stream that ends
// without its end code, a code naming no dictionary entry — as ErrCorrupt.
package lzstring
