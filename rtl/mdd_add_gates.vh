// SPDX-License-Identifier: MIT
//
// x + y + cin written as a ripple of full adders, ADD_GATES_W bits (the including module defines the localparam
// ADD_GATES_W before the include; locals and arguments are named ag_* so that they hide no signal of the module).
// yosys maps every + to a carry chain. In the few-bit sums of the lane logic (counts of lanes, small offsets) a
// chain is no faster than gates, and it cuts the logic around it into separate cones that abc maps apart, a level
// or two deeper than one cone of gates (D-105, D-106, D-107). Wide sums keep their + and the carry chain.
function [ADD_GATES_W-1:0] add_gates(input [ADD_GATES_W-1:0] ag_x, input [ADD_GATES_W-1:0] ag_y, input ag_cin);
    integer ag_i;
    reg     ag_c;
    begin
        ag_c = ag_cin;
        for (ag_i = 0; ag_i < ADD_GATES_W; ag_i = ag_i + 1) begin
            add_gates[ag_i] = ag_x[ag_i] ^ ag_y[ag_i] ^ ag_c;
            ag_c = (ag_x[ag_i] & ag_y[ag_i]) | (ag_c & (ag_x[ag_i] ^ ag_y[ag_i]));
        end
    end
endfunction
