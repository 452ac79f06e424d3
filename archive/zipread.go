package archive

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"strconv"
	"sync"

	"github.com/composestab/composestab/archive/internal/inflate"
	"github.com/klauspost/compress/flate"
)

// A small reader of zip central directories. archive/zip keeps a *zip.File
// of about 200 bytes (plus its name and extra field) for every entry of an
// archive, resources included, and reads the whole directory before the
// caller can see how many entries there are. Here the end record is read
// first, so the entry count is checked against Limits.MaxEntries before
// anything is allocated, and the directory is streamed: only the entries the
// caller keeps (class files, nested jars) cost memory.

const (
	zipLocalSig     = 0x04034b50
	zipCentralSig   = 0x02014b50
	zipEndSig       = 0x06054b50
	zipEnd64Sig     = 0x06064b50
	zipEnd64LocSig  = 0x07064b50
	zipLocalLen     = 30
	zipCentralLen   = 46
	zipEndLen       = 22
	zipEnd64Len     = 56
	zipEnd64LocLen  = 20
	zipMaxComment   = 1<<16 - 1
	zipFlagEncrypt  = 0x1
	zipMethodStore  = 0
	zipMethodDeflat = 8
)

var errZipFormat = errors.New("not a valid zip file")

// zipDir locates the central directory of a zip archive.
type zipDir struct {
	r      io.ReaderAt
	size   int64
	count  uint64 // entries, as the end record says
	off    int64  // of the central directory, base offset applied
	length int64  // of the central directory
	base   int64  // bytes before the archive proper (a self-extracting stub)
}

// zipRecord is what is kept of one central-directory record.
type zipRecord struct {
	name string
	dir  bool
	zipLoc
}

// readZipDir reads the end-of-central-directory record (and its zip64
// successor when the 16- or 32-bit fields overflow).
func readZipDir(r io.ReaderAt, size int64) (zipDir, error) {
	d := zipDir{r: r, size: size}
	if size < zipEndLen {
		return d, errZipFormat
	}
	tail := min(size, zipEndLen+zipMaxComment)
	buf := make([]byte, tail)
	if _, err := r.ReadAt(buf, size-tail); err != nil && err != io.EOF {
		return d, err
	}
	at := -1
	for i := len(buf) - zipEndLen; i >= 0; i-- {
		if binary.LittleEndian.Uint32(buf[i:]) == zipEndSig && i+zipEndLen+int(binary.LittleEndian.Uint16(buf[i+20:])) <= len(buf) {
			at = i
			break
		}
	}
	if at < 0 {
		return d, errZipFormat
	}
	end := buf[at:]
	endOff := size - tail + int64(at)
	if binary.LittleEndian.Uint16(end[4:]) != 0 || binary.LittleEndian.Uint16(end[6:]) != 0 {
		return d, errors.New("multi-disk zip archives are not supported")
	}
	d.count = uint64(binary.LittleEndian.Uint16(end[10:]))
	d.length = int64(binary.LittleEndian.Uint32(end[12:]))
	d.off = int64(binary.LittleEndian.Uint32(end[16:]))
	if d.count == 0xffff || d.length == 0xffffffff || d.off == 0xffffffff {
		if endOff >= zipEnd64LocLen {
			var loc [zipEnd64LocLen]byte
			if _, err := r.ReadAt(loc[:], endOff-zipEnd64LocLen); err == nil && binary.LittleEndian.Uint32(loc[:]) == zipEnd64LocSig {
				off64 := binary.LittleEndian.Uint64(loc[8:])
				var e64 [zipEnd64Len]byte
				if off64 > uint64(size-zipEnd64Len) {
					return d, errZipFormat
				}
				if _, err := r.ReadAt(e64[:], int64(off64)); err != nil || binary.LittleEndian.Uint32(e64[:]) != zipEnd64Sig {
					return d, errZipFormat
				}
				d.count = binary.LittleEndian.Uint64(e64[32:])
				l, o := binary.LittleEndian.Uint64(e64[40:]), binary.LittleEndian.Uint64(e64[48:])
				if l > uint64(size) || o > uint64(size) {
					return d, errZipFormat
				}
				d.length, d.off = int64(l), int64(o)
				endOff = int64(off64)
			}
		}
	}
	if d.length > endOff || d.off > endOff-d.length {
		return d, errZipFormat
	}
	// Bytes prepended to the archive shift every offset it records.
	d.base = endOff - d.length - d.off
	d.off += d.base
	if d.count > uint64(d.length)/zipCentralLen {
		return d, errZipFormat
	}
	return d, nil
}

// each streams the central directory. keep is called with the raw name of
// each record and says whether fn wants it; only then is a string made, of
// prefix and the name.
func (d zipDir) each(keep func(name []byte) bool, prefix string, fn func(zipRecord)) error {
	br := bufio.NewReaderSize(io.NewSectionReader(d.r, d.off, d.length), 32<<10)
	var hdr [zipCentralLen]byte
	var name []byte
	for i := uint64(0); i < d.count; i++ {
		if _, err := io.ReadFull(br, hdr[:]); err != nil {
			return errZipFormat
		}
		if binary.LittleEndian.Uint32(hdr[:]) != zipCentralSig {
			return errZipFormat
		}
		rec := zipRecord{zipLoc: zipLoc{
			headerGuess: binary.LittleEndian.Uint16(hdr[28:]) + min(binary.LittleEndian.Uint16(hdr[30:]), 64),
			flags:       binary.LittleEndian.Uint16(hdr[8:]),
			method:      binary.LittleEndian.Uint16(hdr[10:]),
			crc:         binary.LittleEndian.Uint32(hdr[16:]),
			csize:       uint64(binary.LittleEndian.Uint32(hdr[20:])),
			size:        uint64(binary.LittleEndian.Uint32(hdr[24:])),
			offset:      int64(binary.LittleEndian.Uint32(hdr[42:])),
		}}
		nameLen := int(binary.LittleEndian.Uint16(hdr[28:]))
		extraLen := int(binary.LittleEndian.Uint16(hdr[30:]))
		commentLen := int(binary.LittleEndian.Uint16(hdr[32:]))
		if cap(name) < nameLen {
			name = make([]byte, nameLen)
		}
		name = name[:nameLen]
		if _, err := io.ReadFull(br, name); err != nil {
			return errZipFormat
		}
		want := keep(name)
		needZip64 := rec.csize == 0xffffffff || rec.size == 0xffffffff || rec.offset == 0xffffffff
		if want && needZip64 && extraLen > 0 {
			extra := make([]byte, extraLen)
			if _, err := io.ReadFull(br, extra); err != nil {
				return errZipFormat
			}
			applyZip64(&rec, extra)
		} else if _, err := br.Discard(extraLen); err != nil {
			return errZipFormat
		}
		if _, err := br.Discard(commentLen); err != nil {
			return errZipFormat
		}
		if !want {
			continue
		}
		rec.name = prefix + string(name)
		rec.dir = nameLen > 0 && name[nameLen-1] == '/'
		rec.offset += d.base
		fn(rec)
	}
	return nil
}

// applyZip64 reads the zip64 extended-information extra field: the 64-bit
// values of the fields that hold 0xffffffff, in this order.
func applyZip64(rec *zipRecord, extra []byte) {
	for len(extra) >= 4 {
		tag := binary.LittleEndian.Uint16(extra)
		n := int(binary.LittleEndian.Uint16(extra[2:]))
		extra = extra[4:]
		if n > len(extra) {
			return
		}
		field := extra[:n]
		extra = extra[n:]
		if tag != 1 {
			continue
		}
		next := func(v *uint64) {
			if *v == 0xffffffff && len(field) >= 8 {
				*v = binary.LittleEndian.Uint64(field)
				field = field[8:]
			}
		}
		next(&rec.size)
		next(&rec.csize)
		off := uint64(rec.offset)
		next(&off)
		if off <= 1<<62 {
			rec.offset = int64(off)
		}
		return
	}
}

// dataOffset checks the entry's local header and returns where its
// compressed bytes start.
func (z *zipLoc) dataOffset(r io.ReaderAt, archiveSize int64) (int64, error) {
	if err := z.checkOffset(archiveSize); err != nil {
		return 0, err
	}
	var hdr [zipLocalLen]byte
	if _, err := r.ReadAt(hdr[:], z.offset); err != nil {
		return 0, err
	}
	return z.localData(hdr[:], archiveSize)
}

// checkOffset checks what the central directory says before the local
// header is read.
func (z *zipLoc) checkOffset(archiveSize int64) error {
	if z.flags&zipFlagEncrypt != 0 {
		return errors.New("encrypted entry")
	}
	if z.offset < 0 || z.offset > archiveSize-zipLocalLen {
		return errors.New("local header offset out of range")
	}
	return nil
}

// localData checks the local header hdr (zipLocalLen bytes at z.offset) and
// returns where the compressed bytes start.
func (z *zipLoc) localData(hdr []byte, archiveSize int64) (int64, error) {
	if binary.LittleEndian.Uint32(hdr) != zipLocalSig {
		return 0, errors.New("bad local header signature")
	}
	data := z.offset + zipLocalLen + int64(binary.LittleEndian.Uint16(hdr[26:])) + int64(binary.LittleEndian.Uint16(hdr[28:]))
	if z.csize > uint64(archiveSize) || data > archiveSize-int64(z.csize) {
		return 0, errors.New("compressed data extends past the end of the archive")
	}
	switch z.method {
	case zipMethodStore:
		if z.csize != z.size {
			return 0, errors.New("stored entry with different compressed and declared sizes")
		}
	case zipMethodDeflat:
	default:
		return 0, errors.New("unsupported compression method " + strconv.Itoa(int(z.method)))
	}
	return data, nil
}

// open returns a reader of the entry's inflated bytes that fails unless they
// are exactly the declared size with the declared CRC-32.
func (z *zipLoc) open(r io.ReaderAt, archiveSize int64) (io.ReadCloser, error) {
	off, err := z.dataOffset(r, archiveSize)
	if err != nil {
		return nil, err
	}
	return z.stream(r, off), nil
}

// stream is open's reader over the compressed bytes at off. Streamed entries
// (nested archives, big or oddly padded classes) are few, so each gets a fresh
// decompressor, whose verdict on damaged data cannot depend on what it decoded
// before.
func (z *zipLoc) stream(r io.ReaderAt, off int64) io.ReadCloser {
	sr := io.NewSectionReader(r, off, int64(z.csize))
	var rc io.ReadCloser = io.NopCloser(sr)
	if z.method == zipMethodDeflat {
		rc = flate.NewReader(bufio.NewReaderSize(sr, 4096))
	}
	return &checkedReader{rc: rc, left: z.size, crc: z.crc}
}

// maxSlurp bounds the compressed bytes readAll reads in one go; a larger
// entry is streamed. Deflate cannot shrink much below 1/1032, and a class
// file is rarely more than a megabyte.
const maxSlurp = 4 << 20

// readAll reads the entry's inflated bytes into buf's storage when it is
// large enough, else into a buffer of exactly the declared size: a deflated
// entry of ordinary size is slurped, a stored one read in place, anything
// else streamed; no growth either way. It fails like open's reader: openErr
// for a bad header, readErr for bytes that do not inflate to the declared
// size and checksum.
func (z *zipLoc) readAll(r io.ReaderAt, archiveSize int64, buf []byte) (data []byte, openErr, readErr error) {
	if z.slurpable() {
		return z.slurp(r, archiveSize, buf)
	}
	off, err := z.dataOffset(r, archiveSize)
	if err != nil {
		return nil, err, nil
	}
	if z.method != zipMethodStore || z.csize > maxSlurp {
		// Big, or oddly padded: stream it through the checked reader.
		rc := z.stream(r, off)
		defer rc.Close()
		data, err := readCapped(rc, int64(z.size), int64(z.size), buf)
		return data, nil, err
	}
	buf = z.output(buf)
	if n, err := r.ReadAt(buf, off); n < len(buf) {
		if err == nil || err == io.EOF {
			err = errZipSize // the archive ends inside the entry
		}
		return nil, nil, err
	}
	if crc32.ChecksumIEEE(buf) != z.crc {
		return nil, nil, errZipChecksum
	}
	return buf, nil, nil
}

// slurpable tells whether readAll reads the entry in one go: deflated, of ordinary size and no
// odder compression ratio than deflate's worst.
func (z *zipLoc) slurpable() bool {
	return z.method == zipMethodDeflat && z.csize <= maxSlurp && z.csize <= z.size+z.size/8+1024
}

// output is buf's storage, or a new buffer when it is too small, cut to the
// entry's declared size.
func (z *zipLoc) output(buf []byte) []byte {
	if uint64(cap(buf)) < z.size {
		return make([]byte, z.size)
	}
	return buf[:z.size]
}

// slurp is readAll of a deflated entry of ordinary size: one ReadAt of the
// local header and the compressed bytes that follow it (the header's name is
// the central directory's; an extra field longer than the central one costs
// a second read), one inflate into out, one CRC-32.
func (z *zipLoc) slurp(r io.ReaderAt, archiveSize int64, out []byte) (data []byte, openErr, readErr error) {
	f, openErr, readErr := z.readCompressed(r, archiveSize)
	if f == nil {
		return nil, openErr, readErr
	}
	defer f.put()
	out = z.output(out)
	if err := f.inflate(out, z.crc); err != nil {
		return nil, nil, err
	}
	return out, nil, nil
}

// readCompressed is slurp's first half: a pooled slurper holding the entry's compressed bytes
// (put it back when done), or nil and the error.
func (z *zipLoc) readCompressed(r io.ReaderAt, archiveSize int64) (f *slurper, openErr, readErr error) {
	if err := z.checkOffset(archiveSize); err != nil {
		return nil, err, nil
	}
	f = getSlurper(zipLocalLen + int(z.headerGuess) + int(z.csize))
	n, err := r.ReadAt(f.buf, z.offset)
	if n < zipLocalLen {
		if err == nil {
			err = io.ErrUnexpectedEOF
		}
		f.put()
		return nil, err, nil // as dataOffset's read of the header fails
	}
	if err != nil && err != io.EOF {
		f.put()
		return nil, nil, err
	}
	off, err := z.localData(f.buf[:zipLocalLen], archiveSize)
	if err != nil {
		f.put()
		return nil, err, nil
	}
	start := int(off - z.offset)
	if end := start + int(z.csize); end <= n {
		f.comp = f.buf[start:end]
	} else {
		// The local header is longer than guessed: read the compressed bytes on their own.
		// Where the archive ends before the declared compressed size, inflate what there is,
		// as a stream would: never the stale bytes of the pooled buffer's last use.
		n, err := r.ReadAt(f.buf[:z.csize], off)
		if err != nil && err != io.EOF {
			f.put()
			return nil, nil, err
		}
		f.comp = f.buf[:n]
	}
	return f, nil, nil
}

// slurper inflates compressed bytes held in memory: klauspost's decompressor
// reads a *bytes.Reader without an extra buffering layer.
type slurper struct {
	buf  []byte // the pooled storage, n bytes long after getSlurper
	comp []byte // the compressed bytes to inflate, within buf
	br   bytes.Reader
	fr   io.ReadCloser
	inf  *inflate.Inflater // the fast one-shot decoder, tried first
}

var slurpers sync.Pool

func getSlurper(n int) *slurper {
	f, _ := slurpers.Get().(*slurper)
	if f == nil {
		f = &slurper{}
	}
	if cap(f.buf) < n {
		f.buf = make([]byte, n, max(n, 64<<10))
	}
	f.buf = f.buf[:n]
	return f
}

func (f *slurper) put() {
	f.comp = nil
	if cap(f.buf) > 1<<20 {
		f.buf = nil // keep no huge buffer
	}
	f.br.Reset(nil)
	slurpers.Put(f)
}

// inflate fills out exactly, checks that the stream ends there and that out has the checksum
// crc. The pooled decompressor may judge damaged data differently depending on the stream it
// decoded before (another offset, another error, garbage of the right size); so a failure is
// judged again by a fresh one, and the answer depends on the entry alone.
func (f *slurper) inflate(out []byte, crc uint32) error {
	if f.inf == nil {
		f.inf = new(inflate.Inflater)
	}
	if f.inf.Into(out, f.comp) && crc32.ChecksumIEEE(out) == crc {
		return nil
	}
	err := f.inflateChecked(out, crc)
	if err != nil {
		f.fr = nil
		if err = f.inflateChecked(out, crc); err != nil {
			f.fr = nil
		}
	}
	return err
}

func (f *slurper) inflateChecked(out []byte, crc uint32) error {
	if err := f.inflateOnce(out); err != nil {
		return err
	}
	if crc32.ChecksumIEEE(out) != crc {
		return errZipChecksum
	}
	return nil
}

func (f *slurper) inflateOnce(out []byte) error {
	f.br.Reset(f.comp)
	if f.fr == nil {
		f.fr = flate.NewReader(&f.br)
	} else if err := f.fr.(flate.Resetter).Reset(&f.br, nil); err != nil {
		return err
	}
	n := 0
	for n < len(out) {
		m, err := f.fr.Read(out[n:])
		n += m
		if err == io.EOF {
			if n < len(out) {
				return errZipSize
			}
			return nil
		}
		if err != nil {
			return inflateError(err)
		}
	}
	var one [1]byte
	for {
		m, err := f.fr.Read(one[:])
		if m > 0 {
			return errZipSize
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return inflateError(err)
		}
	}
}

func inflateError(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return errors.New("compressed data ends early")
	}
	var ce flate.CorruptInputError
	if errors.As(err, &ce) {
		return errors.New("corrupt compressed data at byte " + strconv.FormatInt(int64(ce), 10))
	}
	return err
}

// checkedReader enforces the declared size and CRC-32 of an entry.
type checkedReader struct {
	rc   io.ReadCloser
	left uint64
	crc  uint32
	sum  uint32
	err  error
}

var (
	errZipSize     = errors.New("inflated size differs from the declared size")
	errZipChecksum = errors.New("checksum error")
)

func (c *checkedReader) Read(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.rc.Read(p)
	if uint64(n) > c.left {
		c.err = errZipSize
		return 0, c.err
	}
	c.left -= uint64(n)
	c.sum = crc32.Update(c.sum, crc32.IEEETable, p[:n])
	if err == io.EOF {
		switch {
		case c.left != 0:
			err = errZipSize
		case c.sum != c.crc:
			err = errZipChecksum
		}
	} else if err != nil {
		err = inflateError(err)
	}
	if err != nil {
		c.err = err
	}
	return n, err
}

func (c *checkedReader) Close() error { return c.rc.Close() }
