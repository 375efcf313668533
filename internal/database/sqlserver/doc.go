// Package sqlserver is querent's SQL Server engine, built on
// microsoft/go-mssqldb. It registers itself as the "sqlserver" scheme, with
// DSNs in the driver's URL form:
//
//	sqlserver://user:password@host:1433?database=shop
//
// and as the "sqlserver" admin opener that `querent demo --db DSN` loads the
// demo dataset with.
//
// # Read-only, in layers
//
// SQL Server has no read-only transaction and no read-only session, and Go
// has no T-SQL parser, so no single layer here is enough on its own:
//
//   - [Check], the guard, accepts one SELECT statement and nothing else. It
//     lexes T-SQL exactly (or refuses), runs the shared guard.Check, and then
//     applies T-SQL rules on tokens: statement keywords are refused anywhere,
//     because T-SQL needs no ';' between statements; SELECT and WITH are
//     accepted only where they continue the statement; functions must be
//     allow-listed built-ins; tables must have one or two name parts. It
//     refuses EXEC, sp_executesql, xp_ procedures, SELECT … INTO, OPENROWSET
//     and its relatives, temporary tables, variable assignment and locking
//     hints.
//   - [DB.Guard] also resolves every table against the database's own tables
//     and views, so system catalog views and objects in other databases
//     cannot be read.
//   - [DB.Query] applies the guard again and runs the statement in a
//     transaction that is always rolled back, with a row cap enforced by the
//     server (SET ROWCOUNT), a lock timeout and a deadline that stops the
//     statement on the server.
//   - The login: querent expects a login that can only read, set up as below.
//     This is the engine's own read-only layer, and the one that holds even
//     if the guard missed something. [DB.WritePermissions] reports what a
//     login holds beyond reading, so a tool can warn about a login with too
//     much.
//
// # The login querent expects
//
// Run this as an administrator (sysadmin, or securityadmin plus db_owner of
// the database), replacing the names and the password. The user must not be
// a member of any other role that writes (db_owner, db_datawriter,
// db_ddladmin) nor a sysadmin: DENY does not bind members of db_owner, and
// nothing binds a sysadmin.
//
//	-- In master: a SQL login for querent.
//	USE master;
//	CREATE LOGIN querent_reader WITH PASSWORD = 'use a long random password',
//	    CHECK_POLICY = ON, DEFAULT_DATABASE = shop;
//
//	-- In the database querent answers questions about.
//	USE shop;
//	CREATE USER querent_reader FOR LOGIN querent_reader WITH DEFAULT_SCHEMA = dbo;
//	ALTER ROLE db_datareader ADD MEMBER querent_reader;      -- SELECT on every table and view
//	ALTER ROLE db_denydatawriter ADD MEMBER querent_reader;  -- no INSERT, UPDATE or DELETE anywhere
//	DENY EXECUTE TO querent_reader;                          -- no procedures or user-defined functions
//	DENY INSERT, UPDATE, DELETE, ALTER, REFERENCES TO querent_reader;
//	DENY CREATE TABLE, CREATE VIEW, CREATE PROCEDURE, CREATE FUNCTION,
//	    CREATE SCHEMA, CREATE TYPE, CREATE SYNONYM TO querent_reader;
//	GRANT SHOWPLAN TO querent_reader;                        -- lets Explain plan without running
//
// and connect with sqlserver://querent_reader:PASSWORD@host:1433?database=shop.
// The default schema must be dbo: unqualified table names are resolved
// there, by SQL Server and by the guard alike. DENY EXECUTE covers the
// database's own procedures and functions; the driver's parameterised
// queries still work, because sp_executesql is a system procedure granted
// to public in master. Without SHOWPLAN, everything works except that
// Explain checks only the guard and unknown names surface from Query.
package sqlserver
