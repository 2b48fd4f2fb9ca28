package spinref

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// DefaultMaxDepth is the pan -m value used when Options.MaxDepth is 0.
const DefaultMaxDepth = 100000

// VectorSize is the -DVECTORSZ value pan is always compiled with. It only
// raises the limit on the state-vector size; it does not change any count.
const VectorSize = 4096

// Options controls how spin, the C compiler and pan are invoked.
type Options struct {
	NoMerge   bool     // spin -o3: statement merging off
	SpinFlags []string // extra spin flags, e.g. "-o1", "-o2" (placed before -a)
	MaxDepth  int      // pan -m (0 = DefaultMaxDepth)
	// MaxErrors is the pan -c value. 0 (the default) means -c0: never stop
	// at an error. N > 0 stops at the N-th error and writes a trail file
	// (inside the temporary directory). Negative values are treated as 0.
	MaxErrors int
	Optimize  bool          // cc -O2 instead of no optimisation (faster pan, slower compile)
	Timeout   time.Duration // kill everything after this much time in total (0 = no limit)
	PanFlags  []string      // extra ./pan flags, placed after -c and -m (so they win)
	CCFlags   []string      // extra C compiler flags, e.g. "-DBITSTATE" (placed before pan.c)
	// Build replaces the build's defaults, -DNOREDUCE -DSAFETY -DNOCLAIM
	// (the safety search without claim), e.g. with -DNOREDUCE alone for
	// pan -a with the claim.
	Build []string
}

// Unreached is one line of pan's "unreached in ..." lists, e.g.
//
//	leader0.pml:53, state 28, "out!two,nr"
type Unreached struct {
	// Proctype is the proctype name; "init" for the init process and the
	// claim name (e.g. "never_0", or the ltl formula's name) for claims.
	Proctype string
	File     string // source file as pan prints it (the model's base name, or e.g. _spin_nvr.tmp)
	Line     int    // source line
	State    int    // pan's state number
	// Text is the statement text without the surrounding quotes
	// (e.g. `x = 5`, `-end-`). It is "-end state-" when pan printed that
	// marker instead of a quoted statement, and "" when pan printed neither.
	Text string
}

// ProcStates is the summary line that closes one "unreached in ..." list:
// "(Unreached of Total states)".
type ProcStates struct {
	Name      string // as in Unreached.Proctype
	Kind      string // "proctype", "init" or "claim"
	Unreached int
	Total     int
}

// Result is the parsed report of one pan run.
//
// The counters are printed by pan with printf("%9.8g"), so values of 1e8 and
// more come out in exponent form with 7 significant digits
// (e.g. "1.005621e+08"); they are parsed as floats and rounded, so they are
// only accurate to those digits.
type Result struct {
	Stored, Matched, Transitions, AtomicSteps int64
	DepthReached                              int64
	Errors                                    int64
	HashConflicts                             int64
	VectorBytes                               int  // "State-vector N byte"
	DepthLimitHit                             bool // pan said "error: max search depth too small"
	// Incomplete is set when pan printed "Warning: Search not completed"
	// (it stopped at -c N errors, or at a fatal error such as "block in
	// d_step seq"). The counts are then partial and no unreached lists are
	// printed.
	Incomplete bool
	// Unreached holds the entries of the "unreached in proctype X" lists
	// (also init and claims), in the order pan printed them.
	Unreached []Unreached
	// Proctypes holds the "(N of M states)" summary of every list pan
	// printed, including those with no unreached entries.
	Proctypes []ProcStates
	// ErrorMessages are the "pan:N: ..." lines exactly as printed, e.g.
	// "pan:1: assertion violated (x==0) (at depth 1)". Pan only prints a
	// message when its text differs from the previous one, so with -c0 there
	// are usually fewer lines than Errors.
	ErrorMessages []string
	// Notes are other lines starting with "pan: " that are not the elapsed
	// time, the rate or "wrote <trail>" (e.g. resource warnings), plus
	// "unparsed: <line>" for any line inside an unreached list that did not
	// have the expected form.
	Notes []string
	// TrailWritten is set when pan printed "pan: wrote <file>.trail". The
	// trail is written into the temporary directory and removed with it.
	TrailWritten bool
	// Trails are the trail files pan left, by name (model.pml.trail,
	// model.pml1.trail, ...), each with its number of steps (the lines of
	// the file that are not its cycle mark).
	Trails  map[string]int
	Version string // e.g. "Spin Version 6.5.2 -- 6 December 2019"

	SpinSeconds, CompileSeconds, PanSeconds float64 // wall time of each stage
	// PanElapsed is pan's own "pan: elapsed time X seconds" value.
	PanElapsed float64
	// PanStatesPerSecond is pan's "pan: rate X states/second" when it
	// printed one (only for runs over 0.01 s), otherwise Stored/PanSeconds.
	PanStatesPerSecond float64
	PanExitCode        int    // pan's exit status (normally 0)
	Report             string // pan's full stdout
}

// Available reports whether spin and a C compiler are on PATH (tests skip
// with a message otherwise).
func Available() bool {
	if _, err := exec.LookPath("spin"); err != nil {
		return false
	}
	_, err := compiler()
	return err == nil
}

// compiler returns the C compiler to use: cc, else gcc, else clang.
func compiler() (string, error) {
	for _, c := range []string{"cc", "gcc", "clang"} {
		if p, err := exec.LookPath(c); err == nil {
			return p, nil
		}
	}
	return "", errors.New("spinref: no C compiler (cc, gcc, clang) on PATH")
}

// Run runs spin, the C compiler and pan on the model file at path model and
// returns pan's parsed report. A failure of spin (e.g. a syntax error) or of
// the compiler is returned as an error that contains the tool's output.
func Run(model string, opt Options) (*Result, error) {
	return run(fileModel(model), model, opt)
}

// RunSource is Run for a model given as Promela text. The text is written
// to "model.pml" inside the temporary directory, so pan's messages name
// that file.
func RunSource(src string, opt Options) (*Result, error) {
	return run(textModel(src), "<source>", opt)
}

// Dump runs `./pan -d` (with Options.PanFlags) for the same build as Run
// (same spin and compiler options) and returns its raw output: the per-proctype transition tables
// after pan's runtime post-processing. Meant for debugging.
func Dump(model string, opt Options) (string, error) {
	return dump(fileModel(model), model, opt)
}

// DumpSource is Dump for a model given as Promela text (see RunSource).
func DumpSource(src string, opt Options) (string, error) {
	return dump(textModel(src), "<source>", opt)
}

// modelSource puts a model into the work directory and returns the file
// name (relative to that directory) to pass to spin.
type modelSource func(dir string) (string, error)

func fileModel(path string) modelSource {
	return func(dir string) (string, error) { return stageModel(dir, path) }
}

func textModel(src string) modelSource {
	return func(dir string) (string, error) {
		const name = "model.pml"
		return name, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644)
	}
}

// build is a compiled pan in a work directory.
type build struct {
	dir        string
	env        []string
	spinSecs   float64
	ccSecs     float64
	ctx        context.Context
	cancel     context.CancelFunc
	timeout    time.Duration
	modelLabel string
}

func (b *build) close() {
	b.cancel()
	os.RemoveAll(b.dir)
}

// timeoutErr turns err into a timeout error if the deadline has passed.
func (b *build) timeoutErr(stage string, err error) error {
	if b.ctx.Err() != nil {
		return fmt.Errorf("spinref: %s: timed out after %v during %s", b.modelLabel, b.timeout, stage)
	}
	return err
}

func newBuild(m modelSource, label string, opt Options) (*build, error) {
	cc, err := compiler()
	if err != nil {
		return nil, err
	}
	spin, err := exec.LookPath("spin")
	if err != nil {
		return nil, errors.New("spinref: spin not found on PATH")
	}
	dir, err := os.MkdirTemp("", "spinref-")
	if err != nil {
		return nil, err
	}
	b := &build{dir: dir, timeout: opt.Timeout, modelLabel: label}
	if opt.Timeout > 0 {
		b.ctx, b.cancel = context.WithTimeout(context.Background(), opt.Timeout)
	} else {
		b.ctx, b.cancel = context.WithCancel(context.Background())
	}
	// Compiler and preprocessor temporaries go into the work directory too.
	b.env = append(os.Environ(), "TMPDIR="+dir, "TMP="+dir, "TEMP="+dir)
	ok := false
	defer func() {
		if !ok {
			b.close()
		}
	}()

	name, err := m(dir)
	if err != nil {
		return nil, fmt.Errorf("spinref: %w", err)
	}

	args := []string{}
	if opt.NoMerge {
		args = append(args, "-o3")
	}
	args = append(args, opt.SpinFlags...)
	args = append(args, "-a", name)
	out, _, secs, err := b.command(spin, args, true)
	b.spinSecs = secs
	if err != nil {
		return nil, b.timeoutErr("spin", fmt.Errorf("spinref: spin %s failed: %v\n%s", strings.Join(args, " "), err, out))
	}
	if _, err := os.Stat(filepath.Join(dir, "pan.c")); err != nil {
		return nil, fmt.Errorf("spinref: spin %s produced no pan.c\n%s", strings.Join(args, " "), out)
	}

	args = []string{}
	if opt.Optimize {
		args = append(args, "-O2")
	}
	if opt.Build != nil {
		args = append(args, opt.Build...)
	} else {
		args = append(args, "-DNOREDUCE", "-DSAFETY", "-DNOCLAIM")
	}
	args = append(args, "-DVECTORSZ="+strconv.Itoa(VectorSize))
	args = append(args, opt.CCFlags...)
	args = append(args, "-o", "pan", "pan.c")
	out, _, secs, err = b.command(cc, args, true)
	b.ccSecs = secs
	if err != nil {
		return nil, b.timeoutErr("compile", fmt.Errorf("spinref: %s %s failed: %v\n%s", filepath.Base(cc), strings.Join(args, " "), err, out))
	}
	ok = true
	return b, nil
}

// command runs prog with args in the work directory. With combined set,
// stderr is merged into the returned stdout.
func (b *build) command(prog string, args []string, combined bool) (stdout, stderr []byte, secs float64, err error) {
	cmd := exec.CommandContext(b.ctx, prog, args...)
	cmd.Dir = b.dir
	cmd.Env = b.env
	cmd.Stdin = nil
	var outBuf, errBuf strings.Builder
	cmd.Stdout = &outBuf
	if combined {
		cmd.Stderr = &outBuf
	} else {
		cmd.Stderr = &errBuf
	}
	setProcessGroup(cmd)
	cmd.WaitDelay = 2 * time.Second
	start := time.Now()
	err = cmd.Run()
	secs = time.Since(start).Seconds()
	return []byte(outBuf.String()), []byte(errBuf.String()), secs, err
}

func run(m modelSource, label string, opt Options) (*Result, error) {
	res, err := runEach(m, label, opt, [][]string{opt.PanFlags})
	if err != nil {
		return nil, err
	}
	return res[0], nil
}

// RunEach builds pan once for the model file at path model, as Run does,
// and runs it once per element of panFlags, with those flags in place of
// opt.PanFlags: a pan report each, in order. Each run starts without the
// trail files of the one before.
func RunEach(model string, opt Options, panFlags [][]string) ([]*Result, error) {
	return runEach(fileModel(model), model, opt, panFlags)
}

func runEach(m modelSource, label string, opt Options, panFlags [][]string) ([]*Result, error) {
	b, err := newBuild(m, label, opt)
	if err != nil {
		return nil, err
	}
	defer b.close()

	depth := opt.MaxDepth
	if depth <= 0 {
		depth = DefaultMaxDepth
	}
	maxErr := opt.MaxErrors
	if maxErr < 0 {
		maxErr = 0
	}
	var results []*Result
	for _, flags := range panFlags {
		old, _ := filepath.Glob(filepath.Join(b.dir, "*.trail"))
		for _, f := range old {
			os.Remove(f)
		}
		args := []string{"-c" + strconv.Itoa(maxErr), "-m" + strconv.Itoa(depth)}
		args = append(args, flags...)
		out, errOut, secs, err := b.command(filepath.Join(b.dir, "pan"), args, false)
		exit := 0
		if err != nil {
			if b.ctx.Err() != nil {
				return nil, b.timeoutErr("pan", err)
			}
			var ee *exec.ExitError
			if !errors.As(err, &ee) {
				return nil, fmt.Errorf("spinref: running pan: %w", err)
			}
			exit = ee.ExitCode()
		}
		res, perr := Parse(string(out))
		if perr != nil {
			return nil, fmt.Errorf("spinref: pan %s (exit %d): %v\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), exit, perr, out, errOut)
		}
		res.PanExitCode = exit
		if res.Trails, err = trailSteps(b.dir); err != nil {
			return nil, err
		}
		res.SpinSeconds = b.spinSecs
		res.CompileSeconds = b.ccSecs
		res.PanSeconds = secs
		if res.PanStatesPerSecond == 0 && secs > 0 {
			res.PanStatesPerSecond = float64(res.Stored) / secs
		}
		results = append(results, res)
	}
	return results, nil
}

// trailSteps counts the steps of the trail files in dir.
func trailSteps(dir string) (map[string]int, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.trail"))
	if err != nil || len(files) == 0 {
		return nil, err
	}
	out := map[string]int{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		n := 0
		for _, line := range strings.Split(string(b), "\n") {
			if line != "" && !strings.HasPrefix(line, "-") { // (-1:-1:-1 marks a cycle; -4:-4:-4 and such are not steps)
				n++
			}
		}
		out[filepath.Base(f)] = n
	}
	return out, nil
}

func dump(m modelSource, label string, opt Options) (string, error) {
	b, err := newBuild(m, label, opt)
	if err != nil {
		return "", err
	}
	defer b.close()
	out, errOut, _, err := b.command(filepath.Join(b.dir, "pan"), append([]string{"-d"}, opt.PanFlags...), false)
	if err != nil {
		return "", b.timeoutErr("pan -d", fmt.Errorf("spinref: pan -d failed: %v\n%s%s", err, out, errOut))
	}
	return string(out), nil
}

// Limits for copying the model's directory into the work directory. Above
// them the directory's entries are symlinked instead.
const (
	copyMaxBytes = 4 << 20
	copyMaxFiles = 256
)

// stageModel copies the model file into dir under its own base name, and
// makes the other entries of the model's directory available next to it
// (copied when small, symlinked otherwise), so that relative #includes work.
// Names that spin, cc or pan write are skipped, so that nothing can be
// written through a symlink.
func stageModel(dir, model string) (string, error) {
	abs, err := filepath.Abs(model)
	if err != nil {
		return "", err
	}
	info, err := os.Stat(abs)
	if err != nil {
		return "", err
	}
	if !info.Mode().IsRegular() {
		return "", fmt.Errorf("%s is not a regular file", model)
	}
	base := filepath.Base(abs)
	if err := copyFile(abs, filepath.Join(dir, base)); err != nil {
		return "", err
	}
	name := base
	if strings.HasPrefix(name, "-") {
		name = "./" + name // not an option to spin
	}

	srcDir := filepath.Dir(abs)
	entries, err := os.ReadDir(srcDir)
	if err != nil {
		return name, nil // the model alone; includes may fail, spin will say so
	}
	type entry struct {
		name string
		dir  bool
		size int64
	}
	var files []entry
	var total int64
	for _, e := range entries {
		n := e.Name()
		if n == base || generatedName(n, base) {
			continue
		}
		fi, err := os.Stat(filepath.Join(srcDir, n)) // follows symlinks
		if err != nil {
			continue
		}
		switch {
		case fi.Mode().IsRegular():
			files = append(files, entry{n, false, fi.Size()})
			total += fi.Size()
		case fi.IsDir():
			files = append(files, entry{n, true, 0})
		}
	}
	nreg := 0
	for _, f := range files {
		if !f.dir {
			nreg++
		}
	}
	doCopy := total <= copyMaxBytes && nreg <= copyMaxFiles
	for _, f := range files {
		src, dst := filepath.Join(srcDir, f.name), filepath.Join(dir, f.name)
		if f.dir || !doCopy {
			// Subdirectories are symlinked so that "sub/x.h" includes work;
			// nothing in the pipeline writes into them.
			if err := os.Symlink(src, dst); err != nil {
				return "", err
			}
			continue
		}
		if err := copyFile(src, dst); err != nil {
			return "", err
		}
	}
	return name, nil
}

// generatedName reports whether a file name is one that spin, cc or pan may
// create in the working directory (pan, pan.c, pan.h, ..., pan.pre,
// _spin_nvr.tmp, trail files, pan's disk-queue temporaries).
func generatedName(n, base string) bool {
	switch {
	case n == "pan", n == "pan.exe", strings.HasPrefix(n, "pan."),
		strings.HasSuffix(n, ".trail"), strings.HasSuffix(n, ".tmp"),
		strings.HasPrefix(n, base+"."):
		return true
	}
	return false
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

var (
	reVector   = regexp.MustCompile(`^State-vector (\d+) byte, depth reached (-?\d+), errors: (\d+)`)
	reCount    = regexp.MustCompile(`^\s*([-+0-9.eE]+|inf|nan) (states, stored|states, matched|transitions \(=|atomic steps)`)
	reHash     = regexp.MustCompile(`^hash conflicts:\s+([-+0-9.eE]+)`)
	reUnrHead  = regexp.MustCompile(`^unreached in (?:(proctype|claim) (.+)|(init))$`)
	reUnrLine  = regexp.MustCompile(`^\t(.*?):(\d+), state (\d+)(?:, "(.*)"|, (-end state-))?$`)
	reUnrSum   = regexp.MustCompile(`^\t\((\d+) of (\d+) states\)$`)
	rePanError = regexp.MustCompile(`^pan:\d+: `)
	reRate     = regexp.MustCompile(`^pan: rate\s+([-+0-9.eE]+) states/second`)
	reElapsed  = regexp.MustCompile(`^pan: elapsed time ([-+0-9.eE]+) seconds`)
	reVersion  = regexp.MustCompile(`^\((Spin Version [^)]*)\)`)
)

// AsPrinted is n as pan's report gives it: printed with %9.8g (8
// significant digits) and read back, as Parse reads it. A count of gmc
// equals pan's when AsPrinted of it is pan's printed count.
func AsPrinted(n int64) int64 {
	v, err := parseNum(fmt.Sprintf("%9.8g", float64(n)))
	if err != nil {
		return n
	}
	return v
}

// parseNum parses a number as pan prints it with %g (e.g. "1.005621e+08")
// and rounds it to an integer.
func parseNum(s string) (int64, error) {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		return 0, err
	}
	if math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) > math.MaxInt64/2 {
		return 0, fmt.Errorf("number out of range: %q", s)
	}
	return int64(math.Round(f)), nil
}

// Parse parses pan's standard output. It fails if the report has no
// "State-vector" line or no "states, stored" line. Timing fields other than
// PanElapsed and PanStatesPerSecond are left zero.
func Parse(report string) (*Result, error) {
	res := &Result{Report: report}
	var haveVector, haveStored bool
	curName, curKind := "", ""
	sc := bufio.NewScanner(strings.NewReader(report))
	sc.Buffer(make([]byte, 0, 64*1024), 16<<20)
	lineNo := 0
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		lineNo++
		fail := func(err error) error {
			return fmt.Errorf("line %d %q: %v", lineNo, line, err)
		}
		if m := reUnrHead.FindStringSubmatch(line); m != nil {
			if m[3] == "init" {
				curName, curKind = "init", "init"
			} else {
				curName, curKind = m[2], m[1]
			}
			continue
		}
		if curKind != "" && strings.HasPrefix(line, "\t") {
			if m := reUnrSum.FindStringSubmatch(line); m != nil {
				u, _ := strconv.Atoi(m[1])
				t, _ := strconv.Atoi(m[2])
				res.Proctypes = append(res.Proctypes, ProcStates{Name: curName, Kind: curKind, Unreached: u, Total: t})
				curName, curKind = "", ""
				continue
			}
			if m := reUnrLine.FindStringSubmatch(line); m != nil {
				ln, _ := strconv.Atoi(m[2])
				st, _ := strconv.Atoi(m[3])
				text := m[4]
				if m[5] != "" {
					text = m[5]
				}
				res.Unreached = append(res.Unreached, Unreached{Proctype: curName, File: m[1], Line: ln, State: st, Text: text})
				continue
			}
			res.Notes = append(res.Notes, "unparsed: "+line)
			continue
		}
		curName, curKind = "", ""
		switch {
		case reVector.MatchString(line):
			m := reVector.FindStringSubmatch(line)
			v, _ := strconv.Atoi(m[1])
			res.VectorBytes = v
			res.DepthReached, _ = strconv.ParseInt(m[2], 10, 64)
			res.Errors, _ = strconv.ParseInt(m[3], 10, 64)
			haveVector = true
		case reCount.MatchString(line):
			m := reCount.FindStringSubmatch(line)
			n, err := parseNum(m[1])
			if err != nil {
				return nil, fail(err)
			}
			switch m[2] {
			case "states, stored":
				res.Stored, haveStored = n, true
			case "states, matched":
				res.Matched = n
			case "atomic steps":
				res.AtomicSteps = n
			default:
				res.Transitions = n
			}
		case reHash.MatchString(line):
			n, err := parseNum(reHash.FindStringSubmatch(line)[1])
			if err != nil {
				return nil, fail(err)
			}
			res.HashConflicts = n
		case strings.HasPrefix(line, "error: max search depth too small"):
			res.DepthLimitHit = true
		case strings.HasPrefix(line, "Warning: Search not completed"):
			res.Incomplete = true
		case rePanError.MatchString(line):
			res.ErrorMessages = append(res.ErrorMessages, line)
		case reRate.MatchString(line):
			f, err := strconv.ParseFloat(reRate.FindStringSubmatch(line)[1], 64)
			if err == nil {
				res.PanStatesPerSecond = f
			}
		case reElapsed.MatchString(line):
			f, err := strconv.ParseFloat(reElapsed.FindStringSubmatch(line)[1], 64)
			if err == nil {
				res.PanElapsed = f
			}
		case strings.HasPrefix(line, "pan: wrote "):
			res.TrailWritten = true
		case strings.HasPrefix(line, "pan: "):
			res.Notes = append(res.Notes, line)
		case reVersion.MatchString(line):
			res.Version = reVersion.FindStringSubmatch(line)[1]
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if !haveVector {
		return nil, errors.New("no \"State-vector\" line in pan output")
	}
	if !haveStored {
		return nil, errors.New("no \"states, stored\" line in pan output")
	}
	return res, nil
}
