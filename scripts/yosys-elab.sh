#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# yosys's elaboration of the RTL (make test's yosys-elab): mdd_core at W = 8, then every block of the block list
# (mk/synth_blocks.txt) whose top mdd_core does not instantiate, at W = 8 and its listed parameters.
# Elaboration only (hierarchy -check, proc): what `make synth` needs to read, not its mapping.
#   scripts/yosys-elab.sh BLOCK_LIST
# Prints one line per top and the summary line "yosys-elab: P passed, F failed".
set -uo pipefail
list=${1:?usage: $0 BLOCK_LIST}
srcs=$(ls rtl/*.v | tr '\n' ' ')
out=build/synth/elab; mkdir -p "$out"
pass=0; fail=0
elab() {  # top, chparams
  local top=$1 ch=$2 log="$out/$1.log"
  if yosys -q -l "$log" -p "read_verilog -defer -Irtl $srcs; hierarchy -check -top $top $ch; proc" >/dev/null 2>&1; then
    echo "ok   $top$ch"; pass=$((pass + 1))
  else
    echo "FAIL $top$ch: $(grep -m1 -i 'error' "$log")"; fail=$((fail + 1))
  fi
}
elab mdd_core " -chparam W 8"
# modules under mdd_core (from its elaboration log), so that the list's other blocks are the ones it leaves out
inst=$(grep -E "^(Top|Used) module:" "$out/mdd_core.log" | sed -E "s/.*\\\\?(mdd_[a-z0-9_]+).*/\\1/" | sort -u)
while read -r name top rest; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  grep -qx "$top" <<<"$inst" && continue
  ch=""
  for kv in $rest; do
    case "$kv" in
      W) ch+=" -chparam W 8" ;;
      COMB|CORE|NOPNR) ;;  # flags of the list, not parameters
      *=*) ch+=" -chparam ${kv%%=*} ${kv#*=}" ;;
    esac
  done
  elab "$top" "$ch"
done < "$list"
echo "yosys-elab: $pass passed, $fail failed"
