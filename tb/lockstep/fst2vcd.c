/* SPDX-License-Identifier: MIT */
/*
 * fst2vcd IN.fst OUT.vcd: an FST file written back as VCD by GTKWave's own FST reader (fstapi, linked from
 * build/lib/libvlfst.a). The FST writer of the lockstep framework (tb/lockstep/lockstep_fst.cpp) is tested with it:
 * a run's FST, read back this way, must agree with the same run's VCD under `mdd compare`
 * (scripts/fst-roundtrip-test.sh). Errors: one line on stderr, exit status 2.
 */
#include <stdio.h>

#include "fstapi.h"

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: fst2vcd IN.fst OUT.vcd\n");
        return 2;
    }
    void *ctx = fstReaderOpen(argv[1]);
    if (!ctx) {
        fprintf(stderr, "fst2vcd: %s is not a readable FST file\n", argv[1]);
        return 2;
    }
    FILE *out = fopen(argv[2], "w");
    if (!out) {
        perror(argv[2]);
        fstReaderClose(ctx);
        return 2;
    }
    /* the header (scopes, variables), then every value change of every variable */
    int ok = fstReaderProcessHier(ctx, out);
    fstReaderSetFacProcessMaskAll(ctx);
    ok = ok && fstReaderIterBlocks(ctx, NULL, NULL, out);
    fstReaderClose(ctx);
    if (fclose(out) != 0 || !ok) {
        fprintf(stderr, "fst2vcd: cannot convert %s to %s\n", argv[1], argv[2]);
        return 2;
    }
    return 0;
}
