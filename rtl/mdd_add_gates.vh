// SPDX-License-Identifier: MIT
//
// x + y + cin written as a ripple of full adders, 16 bits: the operands zero-extended, the result's low bits used
// (the unused high gates are constant and removed). yosys maps every + to a carry chain. In the few-bit sums of the
// lane logic (counts of lanes, small offsets) a chain is no faster than gates, and it cuts the logic around it into
// separate cones that abc maps apart, a level or two deeper than one cone of gates (D-105 .. D-107, D-109). Wide
// sums keep their + and the carry chain.
//
// Included by rtl/mdd_lane_fn.vh only (so that a module that includes both gets the function once); a module that
// needs it includes mdd_lane_fn.vh. One fixed width, not a macro per width: Icarus 11 crashes on a macro with
// arguments defined in one source and expanded in a library (-y) file (D-109). Locals and arguments are named ag_*
// so that they hide no signal of the module.
function [15:0] add_gates(input [15:0] ag_x, input [15:0] ag_y, input ag_cin);
    integer ag_i;
    reg     ag_c;
    begin
        ag_c = ag_cin;
        for (ag_i = 0; ag_i < 16; ag_i = ag_i + 1) begin
            add_gates[ag_i] = ag_x[ag_i] ^ ag_y[ag_i] ^ ag_c;
            ag_c = (ag_x[ag_i] & ag_y[ag_i]) | (ag_c & (ag_x[ag_i] ^ ag_y[ag_i]));
        end
    end
endfunction
