# SPDX-License-Identifier: MIT
# Sourced by scripts/xsynth.sh and scripts/pnr.sh after `set -euo pipefail`, with the script's arguments
# (TOP [PARAM=VALUE ...]): sets top, chparams (yosys -chparam list), tag (result file name) and meta (the commit
# and date a result was made from, for scripts/synth-table.py; taken before yosys reads the RTL).
meta=$(printf 'commit=%s%s\ndate=%s' "$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" \
  "$(git diff --quiet HEAD -- rtl 2>/dev/null || echo +rtl-edits)" "$(date -u +%Y-%m-%d)")
top=${1:?usage: $0 TOP [PARAM=VALUE ...]}; shift
chparams=""; tag="$top"
for kv in "$@"; do
  chparams+=" -chparam ${kv%%=*} ${kv#*=}"; tag+="_${kv%%=*}${kv#*=}"
done
params="${*:-defaults}"
# The RTL files of TOP's hierarchy (one module per file, rtl/<module>.v), not all of rtl/: yosys names the cells it
# creates from one counter over everything it has read, and abc's result moves with those names, so a block read
# beside every other file changed its LUTs and levels when an unrelated file changed (D-105: the same
# mdd_rx_loc_pdu at W = 8, 18625 or 19084 LUT6 with one edit in mdd_rx_check_dec.v).  Reading only the
# hierarchy keeps a block's figures still while other blocks are edited.
hier_srcs() {
  local all mods m f out=""
  all=$(ls rtl/*.v | tr '\n' ' ')
  mods=$(yosys -p "read_verilog -defer -Irtl $all; hierarchy -top $top $chparams; ls" 2>/dev/null \
    | sed -n '/^[0-9]* modules:$/,/^$/p' | sed -n 's/^  *//p' \
    | sed -E 's/^\$paramod(\$[0-9a-f]+)?\\//; s/\\.*$//' | sort -u)
  for m in $mods; do
    f="rtl/$m.v"
    [[ -f "$f" ]] || { echo "hier_srcs: no file $f for module $m of $top" >&2; return 1; }
    out+="$f "
  done
  [[ -n "$out" ]] || { echo "hier_srcs: no module found for $top" >&2; return 1; }
  echo "$out"
}
