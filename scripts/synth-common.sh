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
