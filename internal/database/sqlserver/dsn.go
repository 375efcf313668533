package sqlserver

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/microsoft/go-mssqldb/msdsn"

	"querent/internal/database"
	"querent/internal/schema"
)

// DSN is what querent reads from a SQL Server DSN, without the password.
type DSN struct {
	Host string
	// Port is 0 when the DSN gives none: the driver then uses 1433, or asks
	// the SQL Server Browser when an Instance is named.
	Port     int
	Instance string
	Database string
	// User is empty for integrated (Kerberos or Windows) authentication.
	User string
}

// dsnExample is shown whenever a DSN cannot be used.
const dsnExample = "sqlserver://user:password@host:1433?database=NAME"

// dsnParams are the query parameters go-mssqldb reads from a URL DSN, in
// the lower case it compares them in. Any other key is refused as a likely
// typo: the driver would silently ignore it.
var dsnParams = setOf(
	msdsn.Database, msdsn.Encrypt, msdsn.Password, msdsn.UserID, msdsn.Port, msdsn.TrustServerCertificate,
	msdsn.Certificate, msdsn.ServerCertificate, msdsn.TLSMin, msdsn.PacketSize, msdsn.LogParam,
	msdsn.ConnectionTimeout, msdsn.HostNameInCertificate, msdsn.KeepAlive, msdsn.ServerSpn,
	msdsn.WorkstationID, msdsn.AppName, msdsn.ApplicationIntent, msdsn.FailoverPartner, msdsn.FailOverPort,
	msdsn.FailoverPartnerSpn, msdsn.DisableRetry, msdsn.Protocol, msdsn.DialTimeout,
	msdsn.MultiSubnetFailover, msdsn.NoTraceID, msdsn.GuidConversion, msdsn.Timezone, msdsn.EpaEnabled,
	"columnencryption", "authenticator", "krb5-configfile", "krb5-keytabfile", "krb5-credcachefile",
	"krb5-realm", "krb5-dnslookupkdc", "krb5-udppreferencelimit",
)

// adoNames are ADO.NET spellings that go-mssqldb understands only in its
// "key=value;" connection strings; in a URL it ignores them, so a DSN with
// ?initial%20catalog=shop would silently connect to the login's default
// database.
var adoNames = map[string]string{
	"initial catalog": msdsn.Database, "uid": msdsn.UserID, "user": msdsn.UserID, "pwd": msdsn.Password,
	"app": msdsn.AppName, "application name": msdsn.AppName, "connect timeout": msdsn.ConnectionTimeout,
	"timeout": msdsn.ConnectionTimeout, "application intent": msdsn.ApplicationIntent,
	"trust server certificate": msdsn.TrustServerCertificate, "multi subnet failover": msdsn.MultiSubnetFailover,
	"host name in certificate": msdsn.HostNameInCertificate, "server spn": msdsn.ServerSpn,
	"server certificate": msdsn.ServerCertificate, "wsid": msdsn.WorkstationID,
	"failover partner": msdsn.FailoverPartner, "failover partner spn": msdsn.FailoverPartnerSpn,
	"column encryption setting": "columnencryption", "data source": "the URL's host", "server": "the URL's host",
}

// ParseDSN checks a DSN in go-mssqldb's URL form,
// sqlserver://user:password@host:port/instance?database=NAME&key=value, and
// returns its parts. It refuses what the driver would accept but not mean:
// a missing host or database, a port out of range, a parameter the driver
// does not know (a typo it would silently ignore), one given twice, and
// "change password", since querent never changes a login. The password is
// never part of an error; DSNs in errors are shown redacted.
func ParseDSN(dsn string) (DSN, error) {
	const scheme = "sqlserver://"
	if len(dsn) < len(scheme) || !strings.EqualFold(dsn[:len(scheme)], scheme) {
		// Not a URL, so Redact cannot find a password in it: show nothing.
		return DSN{}, fmt.Errorf("a SQL Server DSN must be a URL such as %s", dsnExample)
	}
	shown := redact(dsn)
	if strings.Contains(dsn, "#") {
		return DSN{}, fmt.Errorf("the SQL Server DSN %s contains '#', which ends a URL: percent-encode it as %%23 (in a password, say)", shown)
	}
	u, err := url.Parse(dsn)
	if err != nil {
		// url.Parse errors quote the input, password included.
		return DSN{}, fmt.Errorf("cannot read the SQL Server DSN %s as a URL: percent-encode @ : / ? # %% and spaces in the user name and password (%%40 for @, %%23 for #)", shown)
	}
	host, portText, err := net.SplitHostPort(u.Host)
	if err != nil {
		host, portText = u.Host, ""
	}
	if host == "" {
		return DSN{}, fmt.Errorf("the SQL Server DSN %s names no host: use %s", shown, dsnExample)
	}
	out := DSN{Host: host}
	if portText != "" {
		p, err := strconv.Atoi(portText)
		if err != nil || p < 1 || p > 65535 {
			return DSN{}, fmt.Errorf("the SQL Server DSN %s has port %q: use a number from 1 to 65535 (SQL Server listens on 1433 by default)", shown, portText)
		}
		out.Port = p
	}
	if path := strings.Trim(u.Path, "/"); path != "" {
		if strings.Contains(path, "/") {
			return DSN{}, fmt.Errorf("the SQL Server DSN %s has the path /%s: the path may only name an instance (sqlserver://host/INSTANCE); give the database as ?database=NAME", shown, path)
		}
		out.Instance = path
	}
	if u.User != nil {
		out.User = u.User.Username()
	}
	query, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return DSN{}, fmt.Errorf("cannot read the parameters of the SQL Server DSN %s: percent-encode & = and %% inside values", shown)
	}
	seen := map[string]bool{}
	keys := make([]string, 0, len(query))
	for k := range query {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		lk := strings.ToLower(k)
		switch {
		case len(query[k]) > 1 || seen[lk]:
			return DSN{}, fmt.Errorf("the SQL Server DSN %s gives the parameter %q more than once: keep one", shown, k)
		case lk == msdsn.ChangePassword:
			return DSN{}, fmt.Errorf("the SQL Server DSN %s asks to change the login's password: querent never changes a login; remove the parameter", shown)
		case lk == msdsn.Password || lk == "pwd":
			return DSN{}, fmt.Errorf("the SQL Server DSN %s gives the password as a parameter: put it in the URL as user:password@host so it is redacted from messages", shown)
		case adoNames[lk] != "":
			return DSN{}, fmt.Errorf("the SQL Server DSN %s has the parameter %q, which go-mssqldb ignores in a URL: write %s instead", shown, k, adoNames[lk])
		case !dsnParams[lk]:
			msg := fmt.Sprintf("the SQL Server DSN %s has the unknown parameter %q", shown, k)
			if near := nearestParam(lk); near != "" {
				msg += "; did you mean " + near + "?"
			}
			return DSN{}, errors.New(msg)
		}
		seen[lk] = true
		if lk == msdsn.Database {
			out.Database = query.Get(k)
		}
	}
	if strings.TrimSpace(out.Database) == "" {
		return DSN{}, fmt.Errorf("the SQL Server DSN %s names no database: add ?database=NAME (querent reads one database, never the login's default)", shown)
	}
	if _, err := msdsn.Parse(dsn); err != nil {
		// The driver's own messages name the parameter and never the password.
		return DSN{}, fmt.Errorf("the SQL Server DSN %s: %v", shown, err)
	}
	return out, nil
}

// passwordParam finds a password given as a DSN parameter.
var passwordParam = regexp.MustCompile(`(?i)([?&](?:password|pwd)=)[^&]*`)

// redact hides the password of a DSN for messages: the one in the URL's
// user information (as database.Redact does) and one given as a parameter,
// which ParseDSN refuses but must not show while refusing it.
func redact(dsn string) string {
	return passwordParam.ReplaceAllString(database.Redact(dsn), "${1}xxxxx")
}

// nearestParam returns the known parameter closest to a misspelt one, or ""
// when none is close.
func nearestParam(key string) string {
	best, bestDist := "", 3
	for p := range dsnParams {
		if d := schema.EditDistance(key, p); d < bestDist || (d == bestDist && best != "" && p < best) {
			best, bestDist = p, d
		}
	}
	return best
}
