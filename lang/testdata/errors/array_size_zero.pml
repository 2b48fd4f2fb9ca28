byte a[0];
init { skip }
