// A model without a process: nothing to verify (SPIN: no runable process).
