//go:build unix

package spinref

import (
	"os/exec"
	"syscall"
)

// setProcessGroup starts cmd in its own process group and makes
// cancellation kill the whole group, so that the compiler's children
// (cc1, as, ld) and spin's preprocessor die with it.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		if cmd.Process == nil {
			return nil
		}
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
