package sqlite_test

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	_ "github.com/mattn/go-sqlite3" // the read-write "sqlite3" driver that builds fixtures

	"querent/internal/database/sqlite"
)

// fixtureSQL is a small shop with the shapes introspection must handle: a
// foreign key to an implicit primary key, a composite key referenced
// implicitly, an explicit single-column key, a view, untyped columns, names
// with spaces and quotes, dates stored badly, and a high-cardinality column.
const fixtureSQL = `
CREATE TABLE customers(id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT, created_at DATETIME, notes TEXT);
INSERT INTO customers VALUES
  (1, 'Ann', 'DE', '2024-01-15 10:30:00', NULL),
  (2, 'Bob', 'FR', '2024-02-01 08:00:00', '` + longNote + `'),
  (3, 'Cid', 'DE', NULL, 'vip');

CREATE TABLE orders(id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers, order_date DATE, status TEXT, total REAL);
INSERT INTO orders VALUES
  (1, 1, '2024-01-15', 'paid', 10.5),
  (2, 1, 'N/A', 'paid', 20),
  (3, 2, 20240115, 'cancelled', 5.25),
  (4, 3, '2024-03-01', NULL, NULL);

CREATE TABLE products(sku TEXT, region TEXT, name TEXT, PRIMARY KEY (sku, region));
INSERT INTO products VALUES ('A1', 'EU', 'Widget'), ('A1', 'US', 'Widget'), ('B2', 'EU', 'Gadget');

CREATE TABLE order_items(order_id INTEGER NOT NULL REFERENCES orders(id), sku TEXT, region TEXT, qty INTEGER,
  FOREIGN KEY (sku, region) REFERENCES products);
INSERT INTO order_items VALUES (1, 'A1', 'EU', 2), (1, 'B2', 'EU', 1), (2, 'A1', 'US', 5);

CREATE TABLE "odd ""name"" table"("weird col" TEXT, "x""y" INTEGER);
INSERT INTO "odd ""name"" table" VALUES ('a b', 1), ('a b', 2);

CREATE TABLE untyped(a, b);
INSERT INTO untyped VALUES (1, 'x'), (2, 'y'), (NULL, NULL);

CREATE TABLE flags(id INTEGER PRIMARY KEY, on_sale BOOLEAN, data BLOB);
INSERT INTO flags VALUES (1, 2, x'00ff'), (2, 0, x'6869');

CREATE TABLE t(x INTEGER);
INSERT INTO t VALUES (1);

CREATE VIEW customer_totals AS
  SELECT c.name AS name, sum(o.total) AS total FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.name;
`

// longNote is a text value too long to be a sample.
const longNote = "a long free-text note a long free-text note a long free-text note a long free-text note a long free-text note "

// events gets 101 distinct codes: c000 is the most frequent, then c001…
// c004, and a long value that is more frequent still but too long to sample.
func eventsSQL() string {
	var b strings.Builder
	b.WriteString("CREATE TABLE events(code TEXT);\n")
	add := func(code string, n int) {
		for range n {
			fmt.Fprintf(&b, "INSERT INTO events VALUES ('%s');\n", code)
		}
	}
	add(strings.Repeat("x", 100), 50)
	add("c000", 20)
	add("c001", 10)
	add("c002", 5)
	add("c003", 4)
	add("c004", 3)
	for i := 5; i < 100; i++ {
		add(fmt.Sprintf("c%03d", i), 1)
	}
	return b.String()
}

// fixture writes the fixture database into a new temporary directory with a
// normal read-write connection, and returns its path.
func fixture(t testing.TB) string {
	t.Helper()
	return makeDB(t, t.TempDir(), "shop.db", fixtureSQL+eventsSQL())
}

// makeDB creates dir/name from the given SQL.
func makeDB(t testing.TB, dir, name, ddl string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// One transaction: thousands of autocommitted inserts would each sync.
	if _, err := db.Exec("BEGIN;\n" + ddl + "\nCOMMIT;"); err != nil {
		t.Fatalf("building %s: %v", name, err)
	}
	return path
}

// open opens path with the engine and closes it when the test ends.
func open(t testing.TB, path string) *sqlite.DB {
	t.Helper()
	db, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatalf("Open(%q): %v", path, err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// fileState is the SHA-256 of a database file and the names in its
// directory: together they show that nothing was written or created.
type fileState struct {
	sum   string
	names string
}

func stateOf(t testing.TB, path string) fileState {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return fileState{sum: hex.EncodeToString(sum[:]), names: strings.Join(names, ",")}
}
