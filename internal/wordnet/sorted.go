package wordnet

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// sortedFile is a text file of lines sorted by their first field in byte
// order (WordNet's index files). Lines that begin with a
// space (the licence at the top of an index file) sort first.
type sortedFile struct {
	f    *os.File
	size int64
}

func openSorted(path string) (*sortedFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	return &sortedFile{f: f, size: st.Size()}, nil
}

// window is how much a search step reads at once, half before the
// position probed and half from it: most index lines are shorter than
// half, so one read holds the whole line.
const window = 512

// find returns the line whose first field is key, by binary search over
// byte positions: each step reads the line around the middle position.
func (s *sortedFile) find(key string) (string, bool, error) {
	if key == "" || strings.ContainsAny(key, " \n") {
		return "", false, nil
	}
	k := []byte(key)
	buf := make([]byte, window) // reused by every step
	lo, hi := int64(0), s.size  // the line sought starts in [lo, hi)
	for lo < hi {
		start, end, line, err := s.lineAround((lo+hi)/2, buf)
		if err != nil {
			return "", false, err
		}
		first := line
		if i := bytes.IndexByte(line, ' '); i >= 0 {
			first = line[:i]
		}
		switch c := bytes.Compare(first, k); {
		case c == 0:
			return string(line), true, nil
		case c < 0:
			lo = end + 1
		default:
			hi = start
		}
	}
	return "", false, nil
}

// lineAround returns the line holding byte pos (pos < size): where it
// starts, where its newline (or the file) ends it, and its text, which
// may share buf's memory. One read of buf's size around pos finds most
// lines whole; a longer line is read by [sortedFile.longLineAround].
func (s *sortedFile) lineAround(pos int64, buf []byte) (start, end int64, line []byte, err error) {
	from := max(0, pos-int64(len(buf))/2)
	to := min(s.size, from+int64(len(buf)))
	w := buf[:to-from]
	if n, err := s.f.ReadAt(w, from); err != nil && !(errors.Is(err, io.EOF) && n == len(w)) {
		return 0, 0, nil, err
	}
	at := int(pos - from)
	i := bytes.LastIndexByte(w[:at], '\n') // the newline before the line
	j := bytes.IndexByte(w[at:], '\n')     // the newline ending it
	if i < 0 && from > 0 || j < 0 && to < s.size {
		return s.longLineAround(pos)
	}
	end = to
	if j >= 0 {
		end = pos + int64(j)
	}
	return from + int64(i) + 1, end, w[i+1 : end-from], nil
}

// longLineAround is [sortedFile.lineAround] for a line longer than its
// window: it reads backward and then forward a chunk at a time to the
// line's ends, then reads the line.
func (s *sortedFile) longLineAround(pos int64) (start, end int64, line []byte, err error) {
	const chunk = window / 2
	buf := make([]byte, chunk)
	for start = pos; start > 0; {
		from := max(0, start-chunk)
		n, err := s.f.ReadAt(buf[:start-from], from)
		if err != nil && !errors.Is(err, io.EOF) {
			return 0, 0, nil, err
		}
		if i := bytes.LastIndexByte(buf[:n], '\n'); i >= 0 {
			start = from + int64(i) + 1
			break
		}
		start = from
	}
	l, err := readLine(s.f, start)
	if err != nil {
		return 0, 0, nil, err
	}
	line = []byte(l)
	return start, start + int64(len(line)), line, nil
}

// readLine reads the line that starts at byte off.
func readLine(f *os.File, off int64) (string, error) {
	var b []byte
	buf := make([]byte, 512)
	for {
		n, err := f.ReadAt(buf, off)
		if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
			return string(append(b, buf[:i]...)), nil
		}
		b = append(b, buf[:n]...)
		off += int64(n)
		if err != nil {
			if errors.Is(err, io.EOF) && len(b) > 0 {
				return string(b), nil
			}
			if errors.Is(err, io.EOF) {
				return "", fmt.Errorf("offset past the end of the file")
			}
			return "", err
		}
	}
}
