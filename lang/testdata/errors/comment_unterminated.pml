init { skip }
/* this comment never ends
