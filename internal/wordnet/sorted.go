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
// order (WordNet's index and exception files). Lines that begin with a
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

// chunk is how much a search reads at a time: most lines are shorter.
const chunk = 256

// find returns the line whose first field is key, by binary search over
// byte positions: each step reads the line around the middle position.
func (s *sortedFile) find(key string) (string, bool, error) {
	if key == "" || strings.ContainsAny(key, " \n") {
		return "", false, nil
	}
	lo, hi := int64(0), s.size // the line sought starts in [lo, hi)
	for lo < hi {
		start, end, line, err := s.lineAround((lo + hi) / 2)
		if err != nil {
			return "", false, err
		}
		k := line
		if i := strings.IndexByte(line, ' '); i >= 0 {
			k = line[:i]
		}
		switch c := strings.Compare(k, key); {
		case c == 0:
			return line, true, nil
		case c < 0:
			lo = end + 1
		default:
			hi = start
		}
	}
	return "", false, nil
}

// lineAround returns the line holding byte pos: where it starts, where its
// newline (or the file) ends it, and its text.
func (s *sortedFile) lineAround(pos int64) (start, end int64, line string, err error) {
	start = pos
	buf := make([]byte, chunk)
	for start > 0 {
		from := max(0, start-chunk)
		n, err := s.f.ReadAt(buf[:start-from], from)
		if err != nil && !errors.Is(err, io.EOF) {
			return 0, 0, "", err
		}
		if i := bytes.LastIndexByte(buf[:n], '\n'); i >= 0 {
			start = from + int64(i) + 1
			break
		}
		start = from
	}
	var b []byte
	for end = pos; end < s.size; {
		n, err := s.f.ReadAt(buf, end)
		if err != nil && !errors.Is(err, io.EOF) {
			return 0, 0, "", err
		}
		if n == 0 {
			break
		}
		if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
			b = append(b, buf[:i]...)
			end += int64(i)
			break
		}
		b = append(b, buf[:n]...)
		end += int64(n)
	}
	head := make([]byte, pos-start)
	if _, err := s.f.ReadAt(head, start); err != nil && !errors.Is(err, io.EOF) {
		return 0, 0, "", err
	}
	return start, end, string(head) + string(b), nil
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
