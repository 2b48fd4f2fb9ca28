proctype Q(byte a; chan c) { skip }
init { run Q(1) }
