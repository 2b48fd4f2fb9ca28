active [300] proctype P() { skip }
