//go:build !unix

package spinref

import "os/exec"

// setProcessGroup is a no-op where process groups are not available;
// cancellation then kills only the direct child.
func setProcessGroup(cmd *exec.Cmd) {}
