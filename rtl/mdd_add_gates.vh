// SPDX-License-Identifier: MIT
//
// x + y + cin written as a ripple of full adders. yosys maps every + to a carry chain. In the few-bit sums of the
// lane logic (counts of lanes, small offsets) a chain is no faster than gates, and it cuts the logic around it into
// separate cones that abc maps apart, a level or two deeper than one cone of gates (D-105, D-106, D-107, D-109).
// Wide sums keep their + and the carry chain.
//
// The body is written once, as a macro: a module that needs a WIDTH-bit gate adder named NAME writes
//     `include "mdd_add_gates.vh"
//     `MDD_ADD_GATES(NAME, WIDTH)
// (locals and arguments are named ag_* so that they hide no signal of the module; mdd_lane_fn.vh declares its own
// 8-bit one for the lane counts).
`ifndef MDD_ADD_GATES_VH
`define MDD_ADD_GATES_VH
`define MDD_ADD_GATES(NAME, WIDTH) \
function [(WIDTH)-1:0] NAME(input [(WIDTH)-1:0] ag_x, input [(WIDTH)-1:0] ag_y, input ag_cin); \
    integer ag_i; \
    reg     ag_c; \
    begin \
        ag_c = ag_cin; \
        for (ag_i = 0; ag_i < (WIDTH); ag_i = ag_i + 1) begin \
            NAME[ag_i] = ag_x[ag_i] ^ ag_y[ag_i] ^ ag_c; \
            ag_c = (ag_x[ag_i] & ag_y[ag_i]) | (ag_c & (ag_x[ag_i] ^ ag_y[ag_i])); \
        end \
    end \
endfunction
`endif
