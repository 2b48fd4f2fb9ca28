//go:build !linux

package main

import "errors"

// pin cannot bind a thread to a processor here.
func pin(int) error { return errors.New("cannot pin a thread to a processor on this system") }
