// A proctype that nothing starts: no init, no active proctype (SPIN: no runable process).
proctype P() { skip }
