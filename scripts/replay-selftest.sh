#!/usr/bin/env bash
# An Icarus replay bench must catch a wrong expected value: replay the first CYCLES cycles of a vector file as
# they are (all must pass), then with one bit of an expected output flipped per FLIP, and require exactly those
# cycles to fail, each with a MISMATCH line naming its signal. Works for benches whose vector files have a header
# line, then one line per cycle of hex fields separated by spaces, and that print
# "MISMATCH cycle=C signal=S ..." and end with "NAME: P passed, F failed" (tb/icarus/tb_mdd_dep.v).
#   scripts/replay-selftest.sh SUITE VVP_FILE VECTORS CYCLES OUT_PREFIX CYCLE:FIELD:SIGNAL...
# FIELD counts the fields of a line from 1; the lowest bit of its last hex digit is flipped. $VVP: the vvp binary.
set -u
suite=$1 vvp_file=$2 vectors=$3 cycles=$4 prefix=$5
shift 5
vvp=${VVP:-vvp}
mkdir -p "$(dirname "$prefix")"
p=0 f=0
ok()  { p=$((p + 1)); echo "ok: $*"; }
bad() { f=$((f + 1)); echo "FAIL: $*"; }

# "P passed, F failed" of a replay's last line, or "" when it has none
verdict() { tail -n 1 "$1" | sed -nE 's/^[A-Za-z0-9_.-]+: ([0-9]+ passed, [0-9]+ failed)$/\1/p'; }

head -n $((cycles + 1)) "$vectors" > "$prefix.vec"
"$vvp" -n "$vvp_file" +vectors="$prefix.vec" +suite="$suite-clean" > "$prefix.out" 2>&1
v=$(verdict "$prefix.out")
[ "$v" = "$cycles passed, 0 failed" ] && ok "unchanged vectors: $v" \
    || bad "unchanged vectors: '${v:-no result line}', not '$cycles passed, 0 failed' (see $prefix.out)"

# the flips, as awk's "line field" pairs (line 1 is the header, cycle c is line c + 2)
spec=""
for flip in "$@"; do
    IFS=: read -r c fld sig <<< "$flip"
    spec="$spec $((c + 2)) $fld"
done
awk -v spec="$spec" '
    BEGIN { n = split(spec, s, " "); for (i = 1; i < n; i += 2) at[s[i]] = s[i + 1]; hex = "0123456789abcdef" }
    NR in at {
        fld = at[NR]; d = index(hex, tolower(substr($fld, length($fld), 1))) - 1
        d = (d % 2 == 0) ? d + 1 : d - 1
        $fld = substr($fld, 1, length($fld) - 1) substr(hex, d + 1, 1)
    }
    { print }' "$prefix.vec" > "$prefix.flipped.vec"
"$vvp" -n "$vvp_file" +vectors="$prefix.flipped.vec" +suite="$suite-flipped" > "$prefix.flipped.out" 2>&1
v=$(verdict "$prefix.flipped.out")
want="$((cycles - $#)) passed, $# failed"
[ "$v" = "$want" ] && ok "$# bits flipped: $v" \
    || bad "$# bits flipped: '${v:-no result line}', not '$want' (see $prefix.flipped.out)"
for flip in "$@"; do
    IFS=: read -r c fld sig <<< "$flip"
    line=$(grep -m1 "^MISMATCH cycle=$c signal=$sig " "$prefix.flipped.out")
    [ -n "$line" ] && ok "$line" || bad "no MISMATCH line for cycle $c signal $sig (see $prefix.flipped.out)"
done
echo "$suite: $p passed, $f failed"
[ $f -eq 0 ]
