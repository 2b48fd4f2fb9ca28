// active [0] starts no copy, and a never claim alone does not run.
active [0] proctype P() { skip }
never { skip }
