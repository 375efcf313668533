package schema

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"sort"
	"strings"
)

// Fingerprint returns a stable hash (64 hex digits) of the schema's
// structure: the engine, and for every table its name, namespace, kind
// (table or view), columns with their declared types, kinds and
// nullability in declaration order, primary key and declared foreign keys.
// It leaves out what changes without the structure changing — row counts,
// distinct counts, samples — and what querent adds — inferred keys,
// descriptions, synonyms — so it tells whether a cached schema still
// describes the database. Table and key order do not matter.
func Fingerprint(s *Schema) string {
	h := sha256.New()
	write := func(parts ...string) {
		for _, p := range parts {
			writeString(h, p)
		}
	}
	write("querent-schema-v1", s.Engine)
	tables := make([]*Table, len(s.Tables))
	for i := range s.Tables {
		tables[i] = &s.Tables[i]
	}
	sort.Slice(tables, func(i, j int) bool {
		if tables[i].Name != tables[j].Name {
			return tables[i].Name < tables[j].Name
		}
		return tables[i].Namespace < tables[j].Namespace
	})
	for _, t := range tables {
		view := "table"
		if t.View {
			view = "view"
		}
		write("T", t.Name, t.Namespace, t.Ident, view)
		for _, c := range t.Columns {
			nullable := "not null"
			if c.Nullable {
				nullable = "null"
			}
			write("C", c.Name, c.Type, string(c.Kind), nullable)
		}
		write("P", strings.Join(t.PrimaryKey, "\x00"))
		var fks []string
		for _, fk := range t.ForeignKeys {
			if !fk.Inferred {
				fks = append(fks, strings.Join(fk.Columns, "\x00")+"\x01"+fk.RefTable+"\x01"+strings.Join(fk.RefColumns, "\x00"))
			}
		}
		sort.Strings(fks)
		for _, fk := range fks {
			write("F", fk)
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// writeString writes s length-prefixed, so no two sequences of strings
// hash alike by shifting text between neighbours.
func writeString(h hash.Hash, s string) {
	var n [binary.MaxVarintLen64]byte
	h.Write(n[:binary.PutUvarint(n[:], uint64(len(s)))])
	h.Write([]byte(s))
}
