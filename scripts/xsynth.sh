#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Vendor-like synthesis of one RTL configuration: yosys synth_xilinx for UltraScale+ (xcup), out of context (no I/O
# buffers), memories inferred as Vivado would (FIFOs in LUTRAM, the deposit tables in block RAM). Then
# scripts/xdepth.py measures the netlist: resources, the longest register-to-register path and the longest
# feedback loop in LUT levels.
#   scripts/xsynth.sh TOP [PARAM=VALUE ...]
# Prints xdepth's summary line and its worst paths; keeps build/synth/TAG.{log,json,txt}.
# XSYNTH_HIER=1 (by hand; make synth-core no longer uses it: the whole core ran out of 23 GB this way, D-098, and
# is now the sum of its top-level blocks each mapped flat, D-099): synth_xilinx keeps the hierarchy (each module mapped once per parameter set,
# much faster than flattening the RTL first; no optimisation across module boundaries, as in a Vivado run with
# the hierarchy kept), then the mapped netlist is flattened: depth is measured across module boundaries, and
# xdepth --blocks attributes every cell to the top-level instance it came from.
set -euo pipefail
source "$(dirname "$0")/synth-common.sh"
out=build/synth; mkdir -p "$out"
srcs=$(hier_srcs)   # (only TOP's hierarchy: see hier_srcs)
# XSYNTH_ABC9=1 (by hand, for comparison only): synth_xilinx -abc9, the timing-driven mapper that sees the carry
# chains' delays; its results are tagged _abc9 and stay out of the synthesis table, which is all one flow (D-103).
abc9=""
if [[ -n "${XSYNTH_ABC9:-}" ]]; then abc9=" -abc9"; tag+="_abc9"; fi
if [[ -n "${XSYNTH_HIER:-}" ]]; then
  map="synth_xilinx$abc9 -family xcup -noiopad -noclkbuf -top $top; flatten"
else
  map="synth_xilinx$abc9 -flatten -family xcup -noiopad -noclkbuf -top $top"
fi
start=$(date +%s)
/usr/bin/time -f '%U %M' -o "$out/$tag.time" \
  yosys -q -l "$out/$tag.log" -p "read_verilog -defer -Irtl $srcs; hierarchy -top $top $chparams; $map; write_json $out/$tag.json" \
  >/dev/null
read -r cpu kb < "$out/$tag.time"
echo "$meta" > "$out/$tag.meta"
${PYTHON:-python3} scripts/xdepth.py "$out/$tag.json" ${XSYNTH_HIER:+--blocks} --label "$top $params" > "$out/$tag.txt"
printf '%s  (yosys %.0f CPU s, %.1f GB)\n' "$(head -n 1 "$out/$tag.txt")" "$cpu" "$(echo "$kb / 1048576" | bc -l)"
tail -n +2 "$out/$tag.txt"
