chan c = [0] of { byte };
active proctype p() { byte v; c?v; c!v }
active proctype q() { c?0 }
