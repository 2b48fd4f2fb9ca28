mtype = { red, green };
mtype = { green };
init { skip }
