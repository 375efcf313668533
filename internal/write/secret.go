package write

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// SecretEnv names the environment variable that may hold the token secret.
const SecretEnv = "QUERENT_WRITE_SECRET"

// SecretFile is the file, beside the audit log, that holds the generated
// secret when SecretEnv is unset.
const SecretFile = "write.secret"

const minSecret = 16

// LoadSecret returns the per-installation secret that signs confirmation
// tokens: SecretEnv when set, else the hex secret in SecretFile in dir,
// created with 32 random bytes and mode 0600 on first use. A file readable
// by others is refused: anyone who can read the secret can forge tokens.
// The secret is never logged or printed.
func LoadSecret(dir string, getenv func(string) string) ([]byte, error) {
	if v := getenv(SecretEnv); v != "" {
		if len(v) < minSecret {
			return nil, fmt.Errorf("%s is %d characters long; use at least %d random characters", SecretEnv, len(v), minSecret)
		}
		return []byte(v), nil
	}
	path := filepath.Join(dir, SecretFile)
	fi, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return createSecret(path)
	}
	if err != nil {
		return nil, fmt.Errorf("reading the write secret: %w", err)
	}
	if fi.Mode().Perm()&0o077 != 0 {
		return nil, fmt.Errorf("the write secret %s is readable by other users (mode %s): run chmod 600 %s", path, fi.Mode().Perm(), path)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading the write secret: %w", err)
	}
	s, err := hex.DecodeString(strings.TrimSpace(string(b)))
	if err != nil || len(s) < minSecret {
		return nil, fmt.Errorf("the write secret %s is not %d+ hex-encoded bytes: delete it to have a new one made (outstanding confirmation tokens stop working)", path, minSecret)
	}
	return s, nil
}

func createSecret(path string) ([]byte, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("creating the write secret's folder: %w", err)
	}
	s := make([]byte, 32)
	if _, err := rand.Read(s); err != nil {
		return nil, fmt.Errorf("generating the write secret: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, os.ErrExist) {
		// Another process made it first; use theirs.
		return LoadSecret(filepath.Dir(path), func(string) string { return "" })
	}
	if err != nil {
		return nil, fmt.Errorf("creating the write secret: %w", err)
	}
	_, werr := f.WriteString(hex.EncodeToString(s) + "\n")
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		os.Remove(path)
		return nil, fmt.Errorf("writing the write secret: %w", werr)
	}
	return s, nil
}
