package mcp

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// A cursor names a page of one answer: the offset of its first item, a hash of the arguments
// the answer was asked with (cursor and limit aside) and a digest of the whole answer's items.
// Every page is computed afresh (a scan is deterministic), so a cursor needs no state on the
// server; the digest tells when the inputs changed between two pages.
type cursor struct {
	Offset  int    `json:"o"`
	Request string `json:"q"`
	Result  string `json:"r"`
}

// pager is a call's cursor, read.
type pager struct {
	request string
	from    *cursor // nil for the first page
}

// readCursor reads the cursor given with request (the arguments, cursor and limit cleared).
func readCursor(given string, request any) (*pager, error) {
	b, err := json.Marshal(request)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(b)
	p := &pager{request: hex.EncodeToString(sum[:8])}
	if given == "" {
		return p, nil
	}
	var c cursor
	raw, err := base64.RawURLEncoding.DecodeString(given)
	if err == nil {
		err = json.Unmarshal(raw, &c)
	}
	if err != nil || c.Offset < 0 {
		return nil, errors.New("cursor: not one this server gave; leave it out for the first page")
	}
	if c.Request != p.request {
		return nil, errors.New("cursor: it belongs to a call with other arguments; repeat the call that gave it with only cursor (and limit) changed")
	}
	p.from = &c
	return p, nil
}

// slice picks the page of an answer of total items whose digest is result.
func (p *pager) slice(limit, total int, result string) (lo, hi int, page Page, err error) {
	if limit <= 0 {
		limit = DefaultPageSize
	}
	limit = min(limit, MaxPageSize)
	if p.from != nil {
		if p.from.Result != result {
			return 0, 0, Page{}, errors.New("cursor: the inputs changed since the previous page, so the pages would not fit together; start again without cursor")
		}
		if p.from.Offset > total {
			return 0, 0, Page{}, fmt.Errorf("cursor: past the end of the %d items", total)
		}
		lo = p.from.Offset
	}
	hi = min(lo+limit, total)
	page = Page{Offset: lo, Returned: hi - lo, Total: total}
	if hi < total {
		b, _ := json.Marshal(cursor{Offset: hi, Request: p.request, Result: result})
		page.NextCursor = base64.RawURLEncoding.EncodeToString(b)
	}
	return lo, hi, page, nil
}

// digest identifies the n items of an answer by their keys.
func digest(n int, key func(int) string) string {
	h := sha256.New()
	var b strings.Builder
	for i := range n {
		b.Reset()
		b.WriteString(key(i))
		b.WriteByte('\n')
		h.Write([]byte(b.String()))
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}
