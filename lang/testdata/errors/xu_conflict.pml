/* two proctypes declare xr on one channel: spin refuses the model
 * ("x[rs] claims from P0 and P1"); xr and xs from two proctypes are fine */
chan c = [1] of { byte };
active proctype P0() { xr c; xs c; c?_ }
active proctype P1() { xr c; c!1 }
