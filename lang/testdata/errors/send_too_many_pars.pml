/* a send through a channel parameter with more fields than any channel
 * of the model has: spin refuses it ("too many pars in send") */
chan c = [1] of { byte, byte };
proctype q(chan in) { in!1,2,3 }
init { run q(c) }
