//go:build unix

package session_test

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"testing"

	"querent/internal/session"
)

// The helper process appends turns to one session in a SQLite store and
// prints each turn number once Append has returned, i.e. once the store
// says it is committed. Its settings arrive in the environment.
const (
	helperEnv      = "QUERENT_SESSION_HELPER"
	helperPathEnv  = "QUERENT_SESSION_HELPER_PATH"
	helperIDEnv    = "QUERENT_SESSION_HELPER_ID"
	helperCountEnv = "QUERENT_SESSION_HELPER_COUNT"
)

func TestHelperProcess(t *testing.T) {
	if os.Getenv(helperEnv) != "append" {
		t.Skip("the child process of TestKilledProcessLosesNoCommittedTurn and TestTwoProcessesAppend; does nothing on its own")
	}
	count, err := strconv.Atoi(os.Getenv(helperCountEnv))
	if err != nil {
		fmt.Fprintf(os.Stderr, "helper: %s: %v\n", helperCountEnv, err)
		os.Exit(2)
	}
	s, err := session.OpenSQLite(os.Getenv(helperPathEnv))
	if err != nil {
		fmt.Fprintf(os.Stderr, "helper: %v\n", err)
		os.Exit(2)
	}
	id := os.Getenv(helperIDEnv)
	for i := 0; i < count; i++ {
		n, err := s.Append(context.Background(), sampleTurn(id, fmt.Sprintf("pid %d question %d", os.Getpid(), i)))
		if err != nil {
			fmt.Fprintf(os.Stderr, "helper: %v\n", err)
			os.Exit(3)
		}
		// os.Stdout is unbuffered: the line leaves with this call.
		fmt.Println(n)
	}
	s.Close()
	os.Exit(0)
}

// startHelper runs the test binary as a helper appending count turns.
func startHelper(t *testing.T, path, id string, count int) (*exec.Cmd, *bufio.Scanner, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), helperEnv+"=append", helperPathEnv+"="+path, helperIDEnv+"="+id, helperCountEnv+"="+strconv.Itoa(count))
	stderr := &bytes.Buffer{}
	cmd.Stderr = stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, bufio.NewScanner(out), stderr
}

// TestKilledProcessLosesNoCommittedTurn: a process killed with SIGKILL
// between (or during) appends loses no turn whose Append had returned, and
// leaves a store that opens cleanly and continues the numbering.
func TestKilledProcessLosesNoCommittedTurn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sessions.db")
	s := openSQLite(t, path)
	sess := mustCreate(t, s, "demo", "")
	s.Close()

	cmd, lines, stderr := startHelper(t, path, sess.ID, 1_000_000)
	reported := map[int]bool{}
	maxN := 0
	read := func() bool {
		if !lines.Scan() {
			return false
		}
		n, err := strconv.Atoi(lines.Text())
		if err != nil {
			t.Fatalf("helper printed %q, want a turn number", lines.Text())
		}
		reported[n] = true
		maxN = max(maxN, n)
		return true
	}
	for len(reported) < 40 {
		if !read() {
			cmd.Wait()
			t.Fatalf("the helper stopped after %d turns: %s", len(reported), stderr)
		}
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	// Numbers already in the pipe were printed after their commit too.
	for read() {
	}
	err := cmd.Wait()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("the helper was not killed mid-run (wait: %v; stderr: %s): it finished before the signal", err, stderr)
	}

	s2 := openSQLite(t, path)
	turns, err := s2.Turns(context.Background(), sess.ID)
	if err != nil {
		t.Fatalf("reading the store after the kill: %v", err)
	}
	present := map[int]bool{}
	for i, tr := range turns {
		if tr.N != i+1 {
			t.Fatalf("after the kill, turn at position %d is numbered %d", i+1, tr.N)
		}
		present[tr.N] = true
	}
	for n := range reported {
		if !present[n] {
			t.Errorf("turn %d was reported committed but is gone after the kill", n)
		}
	}
	// At most the one turn committed between Append returning and the
	// print can exist beyond what was reported.
	if len(turns) > maxN+1 {
		t.Errorf("%d turns stored, but the helper reported only up to %d", len(turns), maxN)
	}
	t.Logf("killed after %d reported turns; %d stored", len(reported), len(turns))
	if n := mustAppend(t, s2, sampleTurn(sess.ID, "after the crash")); n != len(turns)+1 {
		t.Errorf("the first turn after the kill is numbered %d, want %d", n, len(turns)+1)
	}
	s2.Close()
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var check string
	if err := db.QueryRow(`PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		t.Errorf("integrity_check after the kill: %q, %v", check, err)
	}
}

// TestTwoProcessesAppend: two processes appending to one session get turn
// numbers 1..N without gaps or duplicates.
func TestTwoProcessesAppend(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sessions.db")
	s := openSQLite(t, path)
	sess := mustCreate(t, s, "demo", "")
	const each = 40
	var wg sync.WaitGroup
	got := make([][]int, 2)
	errs := make([]error, 2)
	stderrs := make([]*bytes.Buffer, 2)
	for p := range got {
		cmd, lines, stderr := startHelper(t, path, sess.ID, each)
		stderrs[p] = stderr
		wg.Go(func() {
			for lines.Scan() {
				n, err := strconv.Atoi(lines.Text())
				if err != nil {
					errs[p] = fmt.Errorf("helper printed %q", lines.Text())
					break
				}
				got[p] = append(got[p], n)
			}
			if err := cmd.Wait(); err != nil && errs[p] == nil {
				errs[p] = err
			}
		})
	}
	wg.Wait()
	for p, err := range errs {
		if err != nil {
			t.Fatalf("process %d: %v: %s", p, err, stderrs[p])
		}
	}
	seen := map[int]int{}
	for p, ns := range got {
		for i := 1; i < len(ns); i++ {
			if ns[i] <= ns[i-1] {
				t.Errorf("process %d got turn %d after %d", p, ns[i], ns[i-1])
			}
		}
		for _, n := range ns {
			seen[n]++
		}
	}
	for n := 1; n <= 2*each; n++ {
		if seen[n] != 1 {
			t.Errorf("turn %d was handed out %d times", n, seen[n])
		}
	}
	assertNumbered(t, s, sess.ID, 2*each)
}
