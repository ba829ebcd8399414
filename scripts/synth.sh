#!/usr/bin/env bash
# Area/depth estimate of one RTL configuration with yosys, generic LUT6 mapping (no vendor tools).
#   [SYNTH_RAMS="mod ..."] scripts/synth.sh TOP [PARAM=VALUE ...]
# Prints one line: TOP PARAMS  LUTs  FFs  levels, where levels = LUT6 levels on the longest
# register-to-register (or port-to-register) path, from `ltp -noff`. Full log in build/synth/.
# Modules named in SYNTH_RAMS are read as black boxes: RAMs that an FPGA maps to block or distributed RAM, which
# the generic LUT6 flow would turn into flip-flops and read multiplexers (their size is reported by the caller).
# SYNTH_HIER=1 keeps the hierarchy (each module synthesised once per parameter set, far faster for a large top
# with pipelined submodules): counts are the design-hierarchy totals, levels the deepest module's, which is the
# longest path when every module boundary is a register, as in mdd_cmb. With either option the instances of
# black boxes and submodules are cut out before the depth is measured (see below).
set -euo pipefail
top=${1:?usage: scripts/synth.sh TOP [PARAM=VALUE ...]}; shift
chparams=""; tag="$top"
for kv in "$@"; do
  chparams+=" -chparam ${kv%%=*} ${kv#*=}"; tag+="_${kv%%=*}${kv#*=}"
done
mkdir -p build/synth
log=build/synth/$tag.log
srcs=""; libs=""
for f in rtl/*.v; do  # one line: yosys -p takes commands, not newlines
  m=$(basename "$f" .v)
  if [[ " ${SYNTH_RAMS:-} " == *" $m "* ]]; then libs+="read_verilog -lib -Irtl $f; "; else srcs+=" $f"; fi
done
flatten="-flatten"; [[ -n "${SYNTH_HIER:-}" ]] && flatten=""
# ltp sees a black box or a kept submodule instance as one combinational node, which joins its inputs to its
# outputs (false paths, and loops through a RAM); after `stat` those instances are deleted, so paths end and
# start at their ports, which are registers on both sides in every block that uses these options
cut=""
if [[ -n "${SYNTH_RAMS:-}${SYNTH_HIER:-}" ]]; then
  for f in rtl/*.v; do cut+="delete t:*$(basename "$f" .v)*; "; done
fi
yosys -q -l "$log" -p "${libs}read_verilog -defer -Irtl $srcs; hierarchy -top $top $chparams; synth $flatten -top $top -lut 6; stat; ${cut}ltp -noff" >/dev/null
# synth prints statistics too: read only the last "Printing statistics" block (ours), and with the hierarchy kept
# only its design-hierarchy totals
start=$(grep -n 'Printing statistics' "$log" | tail -n 1 | cut -d: -f1)
stats=$(tail -n +"${start:-1}" "$log")
if [[ -n "${SYNTH_HIER:-}" ]]; then stats=$(printf '%s\n' "$stats" | sed -n '/=== design hierarchy ===/,$p'); fi
luts=$(printf '%s\n' "$stats" | grep -E '^\s+\$lut\s+[0-9]+' | awk '{print $2}')
ffs=$(printf '%s\n' "$stats" | grep -E '^\s+\$_(S?DFF|DFFE|SDFFE|SDFFCE|ALDFF|DLATCH)[A-Z_0-9]*\s+[0-9]+' | awk '{s+=$2} END {print s+0}')
levels=$(grep -E 'Longest topological path' "$log" | sed -E 's/.*length=([0-9]+).*/\1/' | sort -n | tail -n 1)
printf '%-14s %-22s %7s LUTs %7s FFs %3s levels\n' "$top" "${*:-defaults}" "${luts:-0}" "$ffs" "${levels:-?}"
