// Package inflate is archive's one-shot DEFLATE decoder: an entry whose inflated size the
// archive declares, decoded straight into a buffer of that size.
package inflate

import (
	"encoding/binary"
	"math/bits"
	"sync"
)

// Into decodes the raw DEFLATE stream src (RFC 1951) into dst, which must come out
// exactly full: the one-shot decoder of an entry whose inflated size the archive declares.
//
// Inflating is most of a scan's work. A stream decoder (klauspost's, the standard library's)
// writes through a 32 KiB window and copies out, reads its input a byte at a time and builds
// 9-bit tables; with the whole input in memory and the output's size known, this one decodes
// straight into dst, refills 64 bits at a time and decodes most codes with one lookup: 1.6
// times as fast on kotlin-compiler.jar's classes (BenchmarkInflateDecoders). It is strict where
// they are (complete codes, distances within the output, lengths and symbols in range, no bits
// past the input) and only says whether it succeeded: on any failure the caller decodes again
// with the stream decoder, whose error it reports, so damaged data is judged as before.
func (d *Inflater) Into(dst, src []byte) bool {
	d.src, d.pos, d.bitbuf, d.bitsLen = src, 0, 0, 0
	ok := d.run(dst)
	d.src = nil
	return ok
}

// An Inflater holds the state and tables of Into; its zero value is ready, and it may be
// reused.
type Inflater struct {
	src     []byte
	pos     int    // bytes of src loaded into bitbuf (past len(src) when zeros were padded)
	bitbuf  uint64 // the next bits of the stream, least significant first
	bitsLen uint   // how many of bitbuf's bits are loaded
	litlen  [litlenTableSize]uint32
	dist    [distTableSize]uint32
}

const (
	litlenBits      = 10                  // bits of the first-level litlen table
	distBits        = 8                   // bits of the first-level distance table
	litlenTableSize = 1<<litlenBits + 512 // room for the second-level tables of any complete code
	distTableSize   = 1<<distBits + 512
	maxCodeLen      = 15
)

// A table entry is one uint32: bits 0-4 the code length to consume (for a link, the
// second-level table's index bits), bits 5-7 the kind, bits 8-11 the extra bits that follow
// the code, bits 16-31 the value (literal byte, base length, base distance, link offset).
const (
	kindLiteral = iota << 5
	kindLength
	kindEnd
	kindBad
	kindLink
	kindDist
	kindMask = 7 << 5
)

func entry(kind, n, extra, value uint32) uint32 { return value<<16 | extra<<8 | kind | n }

var (
	lengthBase  = [29]uint32{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint32{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    = [30]uint32{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distExtra   = [30]uint32{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
	// clenOrder is the order in which a dynamic block lists the code-length code's lengths.
	clenOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}
)

func litlenEntry(sym int, n uint32) uint32 {
	switch {
	case sym < 256:
		return entry(kindLiteral, n, 0, uint32(sym))
	case sym == 256:
		return entry(kindEnd, n, 0, 0)
	case sym < 286:
		return entry(kindLength, n, lengthExtra[sym-257], lengthBase[sym-257])
	}
	return entry(kindBad, n, 0, 0) // 286 and 287 have codes in the fixed table but no meaning
}

func distEntry(sym int, n uint32) uint32 {
	if sym < 30 {
		return entry(kindDist, n, distExtra[sym], distBase[sym])
	}
	return entry(kindBad, n, 0, 0)
}

// fixedTables are the litlen and distance tables of a block with fixed codes (BTYPE 01).
var fixedTables = sync.OnceValue(func() *Inflater {
	var lengths [288 + 32]uint8
	for i := range 288 {
		switch {
		case i < 144:
			lengths[i] = 8
		case i < 256:
			lengths[i] = 9
		case i < 280:
			lengths[i] = 7
		default:
			lengths[i] = 8
		}
	}
	for i := 288; i < len(lengths); i++ {
		lengths[i] = 5
	}
	t := &Inflater{}
	if !buildTable(t.litlen[:], litlenBits, lengths[:288], litlenEntry) || !buildTable(t.dist[:], distBits, lengths[288:], distEntry) {
		panic("classfile: the fixed Huffman codes do not build")
	}
	return t
})

// buildTable fills table with the canonical Huffman code of lengths: entries for the codes of
// at most rootBits bits repeated over the first 1<<rootBits slots, indexed by the stream's next
// bits; longer codes through links to second-level tables after them. It fails, as the stream
// decoders do, unless the code is complete or a single one-bit code (which zlib writes); an
// empty code builds, every slot bad. Slots no code reaches are bad.
func buildTable(table []uint32, rootBits uint, lengths []uint8, mk func(sym int, n uint32) uint32) bool {
	var count [maxCodeLen + 1]int
	for _, n := range lengths {
		count[n]++
	}
	count[0] = 0
	maxLen := maxCodeLen
	for maxLen > 0 && count[maxLen] == 0 {
		maxLen--
	}
	root := table[:1<<rootBits]
	bad := entry(kindBad, 0, 0, 0)
	if maxLen == 0 {
		for i := range root {
			root[i] = bad
		}
		return true
	}
	left := 1 // code space not yet assigned, in units of the current length
	for n := 1; n <= maxLen; n++ {
		left = left<<1 - count[n]
		if left < 0 {
			return false // over-subscribed
		}
	}
	if left > 0 && (maxLen != 1 || count[1] != 1) {
		return false // incomplete, and not the single one-bit code
	}
	// The symbols in canonical order: by length, then by value; next[n] is where the next
	// symbol of length n goes.
	var next [maxCodeLen + 2]int
	for n := 1; n <= maxCodeLen; n++ {
		next[n+1] = next[n] + count[n]
	}
	var sorted [288]uint16
	for sym, n := range lengths {
		if n != 0 {
			sorted[next[n]] = uint16(sym)
			next[n]++
		}
	}
	// The first level, one length at a time: the entries of the shorter codes are replicated by
	// doubling the filled part, then this length's codes take their one slot each. Slots left
	// for longer codes are overwritten by their links.
	root[1] = bad // the single one-bit code's unused slot; any other code fills it
	code, k := 0, 0
	for n := 1; n <= int(rootBits); n++ {
		if n > 1 {
			copy(root[1<<(n-1):1<<n], root[:1<<(n-1)])
		}
		for range count[n] {
			root[reverse(code, n)] = mk(int(sorted[k]), uint32(n))
			code++
			k++
		}
		code <<= 1
	}
	if maxLen <= int(rootBits) {
		return true
	}
	// Longer codes: those under one first-level prefix are consecutive in canonical order, and
	// the last (longest) of them sizes the prefix's second-level table.
	var subBits [1 << litlenBits]uint8
	c := code
	for n := int(rootBits) + 1; n <= maxLen; n++ {
		for range count[n] {
			subBits[reverse(c, n)&(1<<rootBits-1)] = uint8(n) - uint8(rootBits)
			c++
		}
		c <<= 1
	}
	free, last, link := 1<<rootBits, -1, uint32(0)
	for n := int(rootBits) + 1; n <= maxLen; n++ {
		for range count[n] {
			rev := reverse(code, n)
			if prefix := rev & (1<<rootBits - 1); prefix != last {
				last = prefix
				size := 1 << subBits[prefix]
				if free+size > len(table) {
					return false // cannot happen for a complete code; refuse rather than overrun
				}
				link = entry(kindLink, uint32(subBits[prefix]), 0, uint32(free))
				root[prefix] = link
				free += size
			}
			sub := table[link>>16 : link>>16+1<<(link&31)]
			e := mk(int(sorted[k]), uint32(n))
			for i := rev >> rootBits; i < len(sub); i += 1 << (n - int(rootBits)) {
				sub[i] = e
			}
			code++
			k++
		}
		code <<= 1
	}
	return true
}

// reverse is code's n bits in the opposite order: DEFLATE sends Huffman codes most significant
// bit first into a stream read least significant bit first.
func reverse(code, n int) int { return int(bits.Reverse16(uint16(code)) >> (16 - n)) }

// refill loads bytes until at least 56 bits are buffered; past the input it loads zeros,
// which overread notices.
func (d *Inflater) refill() {
	if d.pos+8 <= len(d.src) {
		d.bitbuf |= binary.LittleEndian.Uint64(d.src[d.pos:]) << d.bitsLen
		d.pos += int(63-d.bitsLen) >> 3
		d.bitsLen |= 56
		return
	}
	for d.bitsLen <= 56 {
		if d.pos < len(d.src) {
			d.bitbuf |= uint64(d.src[d.pos]) << d.bitsLen
		}
		d.pos++
		d.bitsLen += 8
	}
}

// overread tells whether the bits consumed so far go past the end of the input.
func (d *Inflater) overread() bool { return d.pos*8-int(d.bitsLen) > len(d.src)*8 }

func (d *Inflater) take(n uint) uint32 {
	v := uint32(d.bitbuf & (1<<n - 1))
	d.bitbuf >>= n
	d.bitsLen -= n
	return v
}

func (d *Inflater) run(dst []byte) bool {
	out := 0
	for {
		d.refill()
		if d.overread() {
			return false
		}
		final := d.take(1)
		var ok bool
		switch d.take(2) {
		case 0:
			out, ok = d.stored(dst, out)
		case 1:
			f := fixedTables()
			out, ok = d.codes(dst, out, &f.litlen, &f.dist)
		case 2:
			if !d.dynamic() {
				return false
			}
			out, ok = d.codes(dst, out, &d.litlen, &d.dist)
		default:
			return false
		}
		if !ok || d.overread() {
			return false
		}
		if final == 1 {
			return out == len(dst)
		}
	}
}

// stored copies a block stored as is.
func (d *Inflater) stored(dst []byte, out int) (int, bool) {
	d.take(d.bitsLen & 7) // to a byte boundary
	p := d.pos - int(d.bitsLen>>3)
	d.bitbuf, d.bitsLen = 0, 0
	if p+4 > len(d.src) {
		return 0, false
	}
	n := int(binary.LittleEndian.Uint16(d.src[p:]))
	if uint16(n) != ^binary.LittleEndian.Uint16(d.src[p+2:]) {
		return 0, false
	}
	p += 4
	if p+n > len(d.src) || out+n > len(dst) {
		return 0, false
	}
	copy(dst[out:], d.src[p:p+n])
	d.pos = p + n
	return out + n, true
}

// dynamic reads a dynamic block's code definitions into d's tables.
func (d *Inflater) dynamic() bool {
	nlit := int(d.take(5)) + 257
	ndist := int(d.take(5)) + 1
	nclen := int(d.take(4)) + 4
	if nlit > 286 || ndist > 30 {
		return false
	}
	var clen [19]uint8
	for i := range nclen {
		if d.bitsLen < 3 {
			d.refill()
		}
		clen[clenOrder[i]] = uint8(d.take(3))
	}
	var table [1 << 7]uint32
	if !buildTable(table[:], 7, clen[:], func(sym int, n uint32) uint32 { return entry(kindLiteral, n, 0, uint32(sym)) }) {
		return false
	}
	var lengths [286 + 30]uint8
	for i := 0; i < nlit+ndist; {
		if d.bitsLen < 7+7 {
			d.refill()
			if d.overread() {
				return false
			}
		}
		e := table[d.bitbuf&(1<<7-1)]
		if e&kindMask == kindBad {
			return false
		}
		d.take(uint(e & 31))
		sym := e >> 16
		if sym < 16 {
			lengths[i] = uint8(sym)
			i++
			continue
		}
		var rep int
		var v uint8
		switch sym {
		case 16:
			if i == 0 {
				return false
			}
			rep, v = 3+int(d.take(2)), lengths[i-1]
		case 17:
			rep = 3 + int(d.take(3))
		default:
			rep = 11 + int(d.take(7))
		}
		if i+rep > nlit+ndist {
			return false
		}
		for ; rep > 0; rep-- {
			lengths[i] = v
			i++
		}
	}
	return buildTable(d.litlen[:], litlenBits, lengths[:nlit], litlenEntry) &&
		buildTable(d.dist[:], distBits, lengths[nlit:nlit+ndist], distEntry)
}

// codes decodes a block's symbols into dst from out until the end-of-block code. The bit
// buffer lives in locals here, where the compiler keeps it in registers.
func (d *Inflater) codes(dst []byte, out int, litlen *[litlenTableSize]uint32, dist *[distTableSize]uint32) (int, bool) {
	src := d.src
	bitbuf, bitsLen, pos := d.bitbuf, d.bitsLen, d.pos
	defer func() { d.bitbuf, d.bitsLen, d.pos = bitbuf, bitsLen, pos }()
	for {
		if bitsLen < 48 { // the most one length and distance take: 15+5+15+13 bits
			if pos+8 <= len(src) {
				bitbuf |= binary.LittleEndian.Uint64(src[pos:]) << bitsLen
				pos += int(63-bitsLen) >> 3
				bitsLen |= 56
			} else {
				d.bitbuf, d.bitsLen, d.pos = bitbuf, bitsLen, pos
				d.refill()
				bitbuf, bitsLen, pos = d.bitbuf, d.bitsLen, d.pos
				if pos > len(src)+8 {
					return 0, false // decoding padding: the stream has ended early
				}
			}
		}
		e := litlen[bitbuf&(1<<litlenBits-1)]
		if e&kindMask == kindLink {
			e = litlen[e>>16+uint32(bitbuf>>litlenBits)&(1<<(e&31)-1)]
		}
		bitbuf >>= e & 31
		bitsLen -= uint(e & 31)
		if e&kindMask == kindLiteral {
			if out >= len(dst) {
				return 0, false
			}
			dst[out] = byte(e >> 16)
			out++
			continue
		}
		if e&kindMask != kindLength {
			return out, e&kindMask == kindEnd
		}
		extra := e >> 8 & 15
		length := int(e>>16) + int(bitbuf&(1<<extra-1))
		bitbuf >>= extra
		bitsLen -= uint(extra)
		e = dist[bitbuf&(1<<distBits-1)]
		if e&kindMask == kindLink {
			e = dist[e>>16+uint32(bitbuf>>distBits)&(1<<(e&31)-1)]
		}
		if e&kindMask != kindDist {
			return 0, false
		}
		bitbuf >>= e & 31
		bitsLen -= uint(e & 31)
		extra = e >> 8 & 15
		distance := int(e>>16) + int(bitbuf&(1<<extra-1))
		bitbuf >>= extra
		bitsLen -= uint(extra)
		if distance > out || length > len(dst)-out {
			return 0, false
		}
		from := out - distance
		end := out + length
		if distance >= 8 && end+8 <= len(dst) {
			// Most matches are short: eight bytes at a time, overshooting into the part of dst
			// still to be written, instead of a call to memmove.
			for out < end {
				binary.LittleEndian.PutUint64(dst[out:], binary.LittleEndian.Uint64(dst[from:]))
				out += 8
				from += 8
			}
		} else if distance >= length {
			copy(dst[out:end], dst[from:from+length])
		} else {
			// Overlapping: each copy doubles what the next may take.
			for out < end {
				out += copy(dst[out:end], dst[from:out])
			}
		}
		out = end
	}
}
