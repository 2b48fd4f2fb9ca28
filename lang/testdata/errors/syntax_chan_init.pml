// A channel initializer without braces around its field types: at the type, and once.
chan c = [2] of byte;
init { skip }
