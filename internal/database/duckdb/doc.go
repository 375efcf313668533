// Package duckdb is querent's DuckDB engine, built on duckdb/duckdb-go. It
// serves two kinds of data:
//
//   - DuckDB database files: "duckdb:PATH", or a bare path ending in .duckdb
//     or .ddb, opened with access_mode=READ_ONLY. A missing file is an
//     error; the engine never creates one.
//   - CSV, TSV and Parquet files: a bare path ending in .csv, .tsv or
//     .parquet (any letter case), a directory holding such files, or a
//     comma-separated list of them ("csv:" and "parquet:" prefixes are
//     accepted too). Each file is loaded once into a table of an in-memory
//     DuckDB database, named after the file (see [TableName]), with the
//     column types DuckDB detects. The data is copied into memory: a file
//     costs roughly its uncompressed size in RAM for as long as the engine
//     is open. Loading, rather than a view over read_csv, is what lets the
//     engine close external access for good once setup is done: a view
//     would need to read the file at query time.
//
// Read-only is enforced in layers, none trusted alone:
//
//   - guard.Check, the shared lexical check, refuses multi-statement text,
//     statements that do not start with SELECT, WITH or VALUES, and
//     writing keywords;
//   - DuckDB's own parser (json_serialize_sql) must see exactly one SELECT
//     (or set operation) whose syntax tree calls only allow-listed
//     built-in functions and table functions, reads only known tables, and
//     names no file paths, other catalogs or time travel (see [DB.Guard]).
//     A database file may define macros named like built-ins, which DuckDB
//     resolves first: calls to those names are refused, and the engine's
//     own SQL calls built-ins by their full name (system.main.…);
//   - the statement is prepared alone (the driver refuses text holding more
//     than one statement) and DuckDB must classify it as a SELECT;
//   - it runs in a READ ONLY transaction that is always rolled back;
//   - the database itself is locked down: the file is opened read-only,
//     enable_external_access is off (no file, network or extension access:
//     read-only mode alone would still let COPY ... TO write files),
//     extension auto-install and auto-load are off, spilling to a temporary
//     directory is disabled (max_temp_directory_size=0), and
//     lock_configuration is on, so no statement can switch any of it back.
//     Every new connection checks these settings before it is used.
//
// The engine needs cgo: DuckDB is a C++ library, linked statically, which
// adds about 70 MB to an unstripped binary and some 15 seconds to each
// link. A binary built with CGO_ENABLED=0 still recognises DuckDB, CSV and
// Parquet DSNs and says that this build cannot open them.
package duckdb
