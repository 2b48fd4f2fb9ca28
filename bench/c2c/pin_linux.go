//go:build linux

package main

import (
	"fmt"
	"syscall"
	"unsafe"
)

// pin binds the calling thread to processor cpu.
func pin(cpu int) error {
	if cpu < 0 || cpu >= 1024 {
		return fmt.Errorf("no processor %d", cpu)
	}
	var mask [1024 / 64]uint64
	mask[cpu/64] = 1 << (cpu % 64)
	_, _, e := syscall.RawSyscall(syscall.SYS_SCHED_SETAFFINITY, 0, unsafe.Sizeof(mask), uintptr(unsafe.Pointer(&mask)))
	if e != 0 {
		return fmt.Errorf("processor %d: %v", cpu, e)
	}
	return nil
}
