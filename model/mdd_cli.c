/* SPDX-License-Identifier: MIT */
/*
 * mdd: command-line front end of the mdd C model.  Subcommands live in one
 * table (name, argument synopsis, summary, handler) so later ones drop in
 * without touching the dispatcher or the help text.
 *
 * Exit status: 0 on success, 2 on bad input (unknown subcommand or algorithm,
 * missing/extra argument, malformed or out-of-range number, unreadable file),
 * always with exactly one line on stderr naming the problem; `compare` exits 1
 * when the traces differ.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mdd/crc.h"
#include "mdd/formats.h"
#include "mdd_pcap.h"
#include "mdd_trafgen.h"
#include "mdd_txref.h"
#include "mdd_vcd.h"

#define EXIT_USAGE 2

typedef struct subcommand {
    const char *name;
    const char *synopsis;
    const char *summary;
    int (*run)(const struct subcommand *cmd, int argc, char **argv);
} subcommand;

static const subcommand *find_subcommand(const char *name);
static void print_help(FILE *out);

/* One line on stderr, "mdd: <subcommand>: <problem>", and the usage exit status. */
static int fail(const char *where, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "mdd: ");
    if (where)
        fprintf(stderr, "%s: ", where);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return EXIT_USAGE;
}

/* ---- argument helpers ---- */

typedef enum { NUM_OK, NUM_MALFORMED, NUM_TOO_BIG } num_status;

/* "0x"/"0X" + hex digits, or decimal digits; nothing else (no sign, no blanks). */
static num_status parse_u64(const char *s, uint64_t *out)
{
    unsigned base = 10;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
    }
    if (!*s)
        return NUM_MALFORMED;
    uint64_t v = 0;
    bool too_big = false;
    for (; *s; s++) {
        unsigned d;
        if (*s >= '0' && *s <= '9')
            d = (unsigned)(*s - '0');
        else if (base == 16 && *s >= 'a' && *s <= 'f')
            d = (unsigned)(*s - 'a' + 10);
        else if (base == 16 && *s >= 'A' && *s <= 'F')
            d = (unsigned)(*s - 'A' + 10);
        else
            return NUM_MALFORMED;
        if (v > (UINT64_MAX - d) / base)
            too_big = true;
        v = v * base + d;
    }
    *out = v;
    return too_big ? NUM_TOO_BIG : NUM_OK;
}

static void print_crc(mdd_crc_alg alg, uint64_t crc)
{
    printf("0x%0*llx\n", (int)(mdd_crc_params_of(alg)->width / 4), (unsigned long long)crc);
}

/* Options shared by the CRC subcommands: --alg NAME / --alg=NAME; the rest are positional. */
typedef struct crc_args {
    bool have_alg;
    mdd_crc_alg alg;
    int npos;
    char *pos[8];
} crc_args;

static int parse_crc_args(const subcommand *cmd, int argc, char **argv, int max_pos, crc_args *a)
{
    memset(a, 0, sizeof *a);
    bool options_done = false;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        const char *alg_name = NULL;
        if (!options_done && strcmp(arg, "--") == 0) {
            options_done = true;
            continue;
        }
        if (!options_done && strcmp(arg, "--alg") == 0) {
            if (i + 1 >= argc)
                return fail(cmd->name, "--alg needs an algorithm name (crc32c, crc16-t10dif, crc32, crc64-nvme)");
            alg_name = argv[++i];
        } else if (!options_done && strncmp(arg, "--alg=", 6) == 0) {
            alg_name = arg + 6;
        } else if (!options_done && arg[0] == '-' && arg[1] != '\0' && !(arg[1] >= '0' && arg[1] <= '9')) {
            /* ("-5" is not an option: it reaches the positionals and is reported as a malformed number.) */
            return fail(cmd->name, "unknown option \"%s\" (usage: mdd %s %s)", arg, cmd->name, cmd->synopsis);
        } else {
            if (a->npos >= max_pos)
                return fail(cmd->name, "unexpected argument \"%s\" (usage: mdd %s %s)", arg, cmd->name,
                            cmd->synopsis);
            a->pos[a->npos++] = argv[i];
            continue;
        }
        if (mdd_crc_alg_from_name(alg_name, &a->alg) != 0)
            return fail(cmd->name, "unknown algorithm \"%s\" (known: crc32c, crc16-t10dif, crc32, crc64-nvme)",
                        alg_name);
        a->have_alg = true;
    }
    if (!a->have_alg)
        return fail(cmd->name, "missing --alg ALG (usage: mdd %s %s)", cmd->name, cmd->synopsis);
    return 0;
}

static int wants_help(int argc, char **argv)
{
    return argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0);
}

static int print_command_help(const subcommand *cmd)
{
    printf("usage: mdd %s %s\n  %s\n", cmd->name, cmd->synopsis, cmd->summary);
    return 0;
}

/* ---- subcommands ---- */

static int cmd_crc(const subcommand *cmd, int argc, char **argv)
{
    if (wants_help(argc, argv))
        return print_command_help(cmd);
    crc_args a;
    int rc = parse_crc_args(cmd, argc, argv, 1, &a);
    if (rc)
        return rc;

    const char *path = a.npos ? a.pos[0] : "-";
    const bool use_stdin = strcmp(path, "-") == 0;
    FILE *f = use_stdin ? stdin : fopen(path, "rb");
    if (!f)
        return fail(cmd->name, "cannot open \"%s\": %s", path, strerror(errno));

    enum { CHUNK = 1 << 20 };
    unsigned char *buf = malloc(CHUNK);
    if (!buf) {
        if (!use_stdin)
            fclose(f);
        return fail(cmd->name, "out of memory");
    }
    uint64_t crc = mdd_crc_empty(a.alg);
    size_t got;
    errno = 0;
    while ((got = fread(buf, 1, CHUNK, f)) > 0)
        crc = mdd_crc_update(a.alg, crc, buf, got);
    const int read_errno = errno;
    const bool bad = ferror(f);
    free(buf);
    if (!use_stdin)
        fclose(f);
    if (bad)
        return fail(cmd->name, "cannot read \"%s\": %s", use_stdin ? "<stdin>" : path,
                    read_errno ? strerror(read_errno) : "read error");
    print_crc(a.alg, crc);
    return 0;
}

static int parse_crc_operand(const subcommand *cmd, const char *label, const char *text, mdd_crc_alg alg,
                             uint64_t *out)
{
    const mdd_crc_params *p = mdd_crc_params_of(alg);
    switch (parse_u64(text, out)) {
    case NUM_MALFORMED:
        return fail(cmd->name, "%s \"%s\" is not a 0x-hex or decimal number", label, text);
    case NUM_TOO_BIG:
        return fail(cmd->name, "%s \"%s\" does not fit %s (%u bits)", label, text, p->name, p->width);
    case NUM_OK:
        break;
    }
    if (*out & ~mdd_crc_mask(alg))
        return fail(cmd->name, "%s \"%s\" does not fit %s (%u bits)", label, text, p->name, p->width);
    return 0;
}

static int cmd_combine(const subcommand *cmd, int argc, char **argv)
{
    if (wants_help(argc, argv))
        return print_command_help(cmd);
    crc_args a;
    int rc = parse_crc_args(cmd, argc, argv, 3, &a);
    if (rc)
        return rc;
    static const char *const names[3] = {"CRC_A", "CRC_B", "LEN_B"};
    if (a.npos < 3)
        return fail(cmd->name, "missing %s (usage: mdd %s %s)", names[a.npos], cmd->name, cmd->synopsis);

    uint64_t crc_a, crc_b, len_b;
    if ((rc = parse_crc_operand(cmd, "CRC_A", a.pos[0], a.alg, &crc_a)) ||
        (rc = parse_crc_operand(cmd, "CRC_B", a.pos[1], a.alg, &crc_b)))
        return rc;
    switch (parse_u64(a.pos[2], &len_b)) {
    case NUM_MALFORMED:
        return fail(cmd->name, "LEN_B \"%s\" is not a decimal or 0x-hex number", a.pos[2]);
    case NUM_TOO_BIG:
        return fail(cmd->name, "LEN_B \"%s\" is out of range (must be < 2^64)", a.pos[2]);
    case NUM_OK:
        break;
    }
    print_crc(a.alg, mdd_crc_combine(a.alg, crc_a, crc_b, len_b));
    return 0;
}

static int cmd_help(const subcommand *cmd, int argc, char **argv)
{
    if (argc > 2)
        return fail(cmd->name, "unexpected argument \"%s\" (usage: mdd help [SUBCOMMAND])", argv[2]);
    if (argc == 2) {
        const subcommand *c = find_subcommand(argv[1]);
        if (!c)
            return fail(cmd->name, "unknown subcommand \"%s\" (try 'mdd help')", argv[1]);
        return print_command_help(c);
    }
    print_help(stdout);
    return 0;
}


/* ---- tx: the TX path on generated host data, wire stream as pcap (docs/tx-path.md, docs/pcap.md) ---- */

/* --key VALUE or --key=VALUE at argv[*i]; returns the value or NULL (a missing value is reported). */
static const char *opt_value(const subcommand *cmd, int argc, char **argv, int *i, const char *key, bool *bad)
{
    size_t n = strlen(key);
    const char *a = argv[*i];
    if (strncmp(a, key, n) != 0)
        return NULL;
    if (a[n] == '=')
        return a + n + 1;
    if (a[n] != '\0')
        return NULL;
    if (*i + 1 >= argc) {
        fail(cmd->name, "%s needs a value (usage: mdd %s %s)", key, cmd->name, cmd->synopsis);
        *bad = true;
        return NULL;
    }
    return argv[++*i];
}

static int num_opt(const subcommand *cmd, const char *key, const char *v, uint64_t lo, uint64_t hi, uint64_t *out)
{
    num_status st = parse_u64(v, out);
    if (st == NUM_MALFORMED)
        return fail(cmd->name, "%s: \"%s\" is not a number", key, v);
    if (st == NUM_TOO_BIG || *out < lo || *out > hi)
        return fail(cmd->name, "%s: %s is out of range (%llu..%llu)", key, v, (unsigned long long)lo,
                    (unsigned long long)hi);
    return 0;
}

static int cmd_tx(const subcommand *cmd, int argc, char **argv)
{
    if (wants_help(argc, argv))
        return print_command_help(cmd);
    unsigned proto = MDD_PROTO_MPA, markers = 0, hdig = 1, ddig = 1, dif = 0;
    uint64_t pdus = 8, seed = 1, dmin = 0, dmax = 2048, blk = 512;
    const char *pcap = NULL, *wire = NULL;
    for (int i = 1; i < argc; i++) {
        bool bad = false;
        const char *v;
        if ((v = opt_value(cmd, argc, argv, &i, "--proto", &bad))) {
            if (strcmp(v, "iscsi") == 0)
                proto = MDD_PROTO_ISCSI;
            else if (strcmp(v, "mpa") == 0)
                proto = MDD_PROTO_MPA;
            else
                return fail(cmd->name, "--proto: \"%s\" is not iscsi or mpa", v);
        } else if ((v = opt_value(cmd, argc, argv, &i, "--pdus", &bad))) {
            if (num_opt(cmd, "--pdus", v, 1, 100000, &pdus))
                return EXIT_USAGE;
        } else if ((v = opt_value(cmd, argc, argv, &i, "--seed", &bad))) {
            if (num_opt(cmd, "--seed", v, 0, UINT64_MAX, &seed))
                return EXIT_USAGE;
        } else if ((v = opt_value(cmd, argc, argv, &i, "--data-min", &bad))) {
            if (num_opt(cmd, "--data-min", v, 0, 60000, &dmin))
                return EXIT_USAGE;
        } else if ((v = opt_value(cmd, argc, argv, &i, "--data-max", &bad))) {
            if (num_opt(cmd, "--data-max", v, 0, 60000, &dmax))
                return EXIT_USAGE;
        } else if ((v = opt_value(cmd, argc, argv, &i, "--blk", &bad))) {
            if (num_opt(cmd, "--blk", v, 1, 65535, &blk))
                return EXIT_USAGE;
        } else if ((v = opt_value(cmd, argc, argv, &i, "--dif", &bad))) {
            if (strcmp(v, "none") == 0)
                dif = 0;
            else if (strcmp(v, "keep") == 0)
                dif = 1;
            else if (strcmp(v, "insert") == 0)
                dif = 2;
            else
                return fail(cmd->name, "--dif: \"%s\" is not none, keep or insert", v);
        } else if ((v = opt_value(cmd, argc, argv, &i, "--pcap", &bad))) {
            pcap = v;
        } else if ((v = opt_value(cmd, argc, argv, &i, "--wire", &bad))) {
            wire = v;
        } else if (bad) {
            return EXIT_USAGE;
        } else if (strcmp(argv[i], "--markers") == 0) {
            markers = 1;
        } else if (strcmp(argv[i], "--no-hdig") == 0) {
            hdig = 0;
        } else if (strcmp(argv[i], "--no-ddig") == 0) {
            ddig = 0;
        } else {
            return fail(cmd->name, "unexpected argument \"%s\" (usage: mdd %s %s)", argv[i], cmd->name, cmd->synopsis);
        }
    }
    if (dmin > dmax)
        return fail(cmd->name, "--data-min %llu is above --data-max %llu", (unsigned long long)dmin,
                    (unsigned long long)dmax);
    if (proto == MDD_PROTO_MPA && dmax + 64 + 32 > 65535 - 8)
        return fail(cmd->name, "--data-max %llu: an FPDU must fit one TCP segment and a 16-bit ULPDU_Length",
                    (unsigned long long)dmax);

    /* the host data: a traffic generator stream (host image = headers, payload, PI) */
    struct mdd_pcap_conn conn;
    mdd_pcap_conn_init(&conn, proto);
    conn.mpa_markers = proto == MDD_PROTO_MPA && markers;
    struct mdd_gen_cfg c;
    memset(&c, 0, sizeof c);
    c.proto = proto;
    c.hdig_en = proto == MDD_PROTO_ISCSI && hdig;
    c.ddig_en = ddig;
    c.mrk_en = markers;
    c.mrk_period = markers ? (proto == MDD_PROTO_MPA ? 512 : 4 * 512 + 8) : 0;
    c.mrk_phase = 0; /* MPA: the first marker at the first FPDU (RFC 5044; docs/pcap.md) */
    c.dif_op = dif ? MDD_DIF_CHECK_KEEP : MDD_DIF_NONE;
    c.pi_fmt = MDD_PI_T10_CODE;
    c.prot_type = 1;
    c.dif_chk = MDD_DIFCHK_GUARD | MDD_DIFCHK_APP | MDD_DIFCHK_REF;
    c.blk_len = (uint32_t)blk;
    c.hdr_out = 1;
    c.legal_bhs = 1; /* Wireshark rejects Data-In PDUs with reserved bits set (docs/pcap.md) */
    c.ulp_hdr_len = proto == MDD_PROTO_MPA ? 18 : 0; /* an RDMA Write's DDP/RDMAP header */
    c.app_tag = 0x1234;
    c.app_mask = 0xFFFF;
    c.ref_tag = 1000;
    c.data_min = (uint32_t)dmin;
    c.data_max = (uint32_t)dmax;
    c.n_pdus = (unsigned)pdus;
    c.tcp_seq = mdd_pcap_stream_seq(&conn);
    struct mdd_gen_stream s;
    if (mdd_gen_build(&c, seed, &s) != 0)
        return fail(cmd->name, "cannot build %llu PDUs of %llu..%llu data bytes", (unsigned long long)pdus,
                    (unsigned long long)dmin, (unsigned long long)dmax);

    /* TX (the reference transmitter): KEEP checks the host's PI, INSERT computes it (host without PI) */
    uint64_t d[8];
    memcpy(d, s.desc, sizeof d);
    MDD_SET(DESC, HDR_OUT, d, 0);
    MDD_SET(DESC, MRK_CHK, d, 0);
    d[7] = 0;
    MDD_SET(TXDESC, PASS_LEN, d, 0xFFFFFFFFu);
    uint8_t *host = malloc(s.host_len ? s.host_len : 1);
    if (!host) {
        mdd_gen_free(&s);
        return fail(cmd->name, "out of memory");
    }
    size_t n = 0;
    for (size_t i = 0; i < s.host_len; i++)
        if (dif != 2 || (s.host_tag[i] & MDD_TAG_KIND_MASK) >> MDD_TAG_KIND_LSB != MDD_KIND_PI)
            host[n++] = s.host[i];
    if (dif == 2)
        MDD_SET(DESC, DIF_OP, d, MDD_DIF_INSERT);
    struct mdd_txref_result r;
    int rc = mdd_txref_run(d, host, n, NULL, 0, &r);
    free(host);
    if (rc != 0) {
        mdd_gen_free(&s);
        return fail(cmd->name, "out of memory");
    }
    if (r.n_ev != 0) {
        rc = fail(cmd->name, "TX reported %zu errors (first: code %u at host byte %u)", r.n_ev, r.ev[0].code,
                  r.ev[0].err_off);
        goto done;
    }
    /* PDU ends (EP) for the TCP segments */
    size_t n_pdu = 0;
    uint32_t *pdu_end = malloc((r.out_len ? r.out_len : 1) * sizeof *pdu_end);
    if (!pdu_end) {
        rc = fail(cmd->name, "out of memory");
        goto done;
    }
    uint32_t first_data = MDD_GEN_NONE;
    for (size_t i = 0; i < r.out_len; i++) {
        unsigned kind = (r.out_tag[i] & MDD_TAG_KIND_MASK) >> MDD_TAG_KIND_LSB;
        if (kind == MDD_KIND_PAY && first_data == MDD_GEN_NONE)
            first_data = (uint32_t)n_pdu;
        if (r.out_tag[i] & MDD_TAGM_EP)
            pdu_end[n_pdu++] = (uint32_t)i;
    }
    if (wire) {
        FILE *f = strcmp(wire, "-") == 0 ? stdout : fopen(wire, "wb");
        if (!f || fwrite(r.out, 1, r.out_len, f) != r.out_len || (f != stdout && fclose(f) != 0)) {
            free(pdu_end);
            rc = fail(cmd->name, "cannot write %s: %s", wire, strerror(errno));
            goto done;
        }
    }
    if (pcap) {
        size_t n_whole = proto == MDD_PROTO_ISCSI && first_data != MDD_GEN_NONE ? first_data + 1 : 0;
        size_t n_seg = mdd_pcap_seg_count(pdu_end, n_pdu, r.out_len, 0, n_whole);
        size_t *seg = malloc((n_seg ? n_seg : 1) * sizeof *seg);
        char err[256];
        if (!seg || mdd_pcap_seg_at_pdus(pdu_end, n_pdu, r.out_len, 0, n_whole, seg) != n_seg ||
            mdd_pcap_write(pcap, &conn, r.out, r.out_len, seg, n_seg, err, sizeof err) != 0) {
            free(seg);
            free(pdu_end);
            rc = fail(cmd->name, "--pcap %s: %s", pcap, seg ? err : "out of memory");
            goto done;
        }
        free(seg);
        /* Wireshark 4.0 counts one marker too many in an FPDU that holds a marker and ends where the next one
         * starts, and then loses it and the next one (docs/pcap.md): say so, the stream itself is right */
        unsigned edge = 0;
        for (size_t k = 0; conn.mpa_markers && k < n_pdu; k++) {
            size_t start = k ? pdu_end[k - 1] + 1 : 0;
            bool has_marker = false;
            for (size_t i = start; i <= pdu_end[k] && !has_marker; i++)
                has_marker = (r.out_tag[i] & MDD_TAG_KIND_MASK) >> MDD_TAG_KIND_LSB == MDD_KIND_MRK;
            edge += has_marker && (pdu_end[k] + 1) % 512 == 0;
        }
        if (edge && (!wire || strcmp(wire, "-") != 0))
            printf("note: %u FPDU(s) end where the next marker starts: Wireshark 4.0 miscounts their markers "
                   "(docs/pcap.md); try another --seed\n", edge);
        if (!wire || strcmp(wire, "-") != 0)
            printf("%s: %zu PDUs, %zu wire bytes (%llu host bytes) in %zu TCP segments, %u markers, tcp_seq 0x%08x\n",
                   pcap, n_pdu, r.out_len, (unsigned long long)MDD_GET(CTX, BYTES_IN, r.ctx), n_seg,
                   (unsigned)MDD_GET(CTX, MRK_COUNT, r.ctx), (unsigned)mdd_pcap_stream_seq(&conn));
    }
    free(pdu_end);
done:
    mdd_txref_free(&r);
    mdd_gen_free(&s);
    return rc;
}

/* ---- compare: two waveforms (RTL and twin, or two runs) signal by signal (docs/ARCHITECTURE.md section 8) ---- */

static int cmd_compare(const subcommand *cmd, int argc, char **argv)
{
    if (wants_help(argc, argv))
        return print_command_help(cmd);
    uint64_t period = 10;
    const char *files[2] = {NULL, NULL};
    int nfiles = 0;
    /* --signal values and the pieces of --signals lists; the lists are copied so they can be cut at commas */
    const char **names = calloc((size_t)argc, sizeof *names);
    char **lists = calloc((size_t)argc, sizeof *lists);
    size_t nnames = 0, nlists = 0;
    mdd_vcd *a = NULL, *b = NULL;
    mdd_vcd_pair *pairs = NULL;
    mdd_vcd_cmp res = {0};
    char err[512];
    int rc = EXIT_USAGE;
    if (!names || !lists) {
        fail(cmd->name, "out of memory");
        goto done;
    }
    for (int i = 1; i < argc; i++) {
        bool bad = false;
        const char *v;
        if ((v = opt_value(cmd, argc, argv, &i, "--period", &bad))) {
            if (num_opt(cmd, "--period", v, 1, UINT64_MAX, &period))
                goto done;
        } else if ((v = opt_value(cmd, argc, argv, &i, "--signals", &bad))) {
            char *list = lists[nlists++] = malloc(strlen(v) + 1);
            if (!list) {
                fail(cmd->name, "out of memory");
                goto done;
            }
            strcpy(list, v);
            for (char *name = list, *next; name; name = next) {
                next = strchr(name, ',');
                if (next)
                    *next++ = '\0';
                if (!*name) {
                    fail(cmd->name, "--signals: empty name in \"%s\"", v);
                    goto done;
                }
                const char **grown = realloc(names, (nnames + argc) * sizeof *names);
                if (!grown) {
                    fail(cmd->name, "out of memory");
                    goto done;
                }
                names = grown;
                names[nnames++] = name;
            }
        } else if ((v = opt_value(cmd, argc, argv, &i, "--signal", &bad))) {
            if (!*v) {
                fail(cmd->name, "--signal needs a name");
                goto done;
            }
            names[nnames++] = v;
        } else if (bad) {
            goto done;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            fail(cmd->name, "unknown option \"%s\" (usage: mdd %s %s)", argv[i], cmd->name, cmd->synopsis);
            goto done;
        } else if (nfiles < 2) {
            files[nfiles++] = argv[i];
        } else {
            fail(cmd->name, "unexpected argument \"%s\" (usage: mdd %s %s)", argv[i], cmd->name, cmd->synopsis);
            goto done;
        }
    }
    if (nfiles < 2) {
        fail(cmd->name, "missing %s (usage: mdd %s %s)", nfiles ? "B" : "A and B", cmd->name, cmd->synopsis);
        goto done;
    }
    if (!(a = mdd_vcd_open(files[0], err, sizeof err)) || !(b = mdd_vcd_open(files[1], err, sizeof err))) {
        fail(cmd->name, "%s", err);
        goto done;
    }
    size_t npairs, only_a, only_b;
    if (mdd_vcd_match(a, b, names, nnames, &pairs, &npairs, &only_a, &only_b, err, sizeof err) != 0) {
        fail(cmd->name, "%s", err);
        goto done;
    }
    if (npairs == 0) {
        fail(cmd->name, "no signal is in both %s and %s", files[0], files[1]);
        goto done;
    }
    const int cmp = mdd_vcd_compare(a, b, pairs, npairs, &res, err, sizeof err);
    if (cmp < 0) {
        fail(cmd->name, "%s", err);
        goto done;
    }
    /* notes, then the verdict (an error prints nothing on stdout) */
    const char *ts_a = mdd_vcd_timescale(a), *ts_b = mdd_vcd_timescale(b);
    if (strcmp(ts_a, ts_b) != 0)
        printf("note: timescales differ (%s in A, %s in B): timestamps compared as numbers\n", *ts_a ? ts_a : "none",
               *ts_b ? ts_b : "none");
    for (size_t i = 0; i < npairs; i++) {
        const mdd_vcd_var *va = mdd_vcd_var_at(a, pairs[i].a), *vb = mdd_vcd_var_at(b, pairs[i].b);
        if (va->width != vb->width && !va->real && !vb->real)
            printf("note: %s is %u bits in A and %u bits in B: compared as numbers\n", pairs[i].name, va->width,
                   vb->width);
    }
    switch (cmp) {
    case 0:
        printf("traces agree on %zu signals over %llu cycles (%zu signals only in A, %zu only in B)\n", npairs,
               res.timed ? (unsigned long long)(res.last / period - res.first / period + 1) : 0ull, only_a, only_b);
        rc = 0;
        break;
    case 1:
        for (size_t k = 0; k < res.ndiff; k++) {
            const mdd_vcd_pair *p = &pairs[res.diff[k]];
            const mdd_vcd_var *va = mdd_vcd_var_at(a, p->a), *vb = mdd_vcd_var_at(b, p->b);
            char ha[300], hb[300];
            mdd_vcd_format(a, va, ha, sizeof ha);
            mdd_vcd_format(b, vb, hb, sizeof hb);
            printf("differ: time=%llu cycle=%llu signal=%s a=%s b=%s (A: %s, B: %s)\n", (unsigned long long)res.time,
                   (unsigned long long)(res.time / period), p->name, ha, hb, va->path, vb->path);
        }
        printf("traces differ at cycle %llu (time %llu) on %zu of %zu signals\n",
               (unsigned long long)(res.time / period), (unsigned long long)res.time, res.ndiff, npairs);
        rc = 1;
        break;
    }
done:
    free(res.diff);
    free(pairs);
    mdd_vcd_close(a);
    mdd_vcd_close(b);
    for (size_t i = 0; i < nlists; i++)
        free(lists[i]);
    free(lists);
    free(names);
    return rc;
}

static const subcommand subcommands[] = {
    {"crc", "--alg ALG [FILE|-]",
     "Print the CRC of FILE (or stdin when FILE is '-' or absent) as 0x-prefixed hex of the CRC width.",
     cmd_crc},
    {"combine", "--alg ALG CRC_A CRC_B LEN_B",
     "Print the CRC of A||B from CRC(A), CRC(B) (0x-hex or decimal) and LEN_B = |B| in bytes (< 2^64).",
     cmd_combine},
    {"tx",
     "[--proto iscsi|mpa] [--pdus N] [--data-min N] [--data-max N] [--markers] [--no-hdig] [--no-ddig] "
     "[--dif none|keep|insert] [--blk N] [--seed N] [--pcap FILE] [--wire FILE|-]",
     "Generate host PDUs (iSCSI Data-In or MPA/DDP), run them through the TX reference model (digests, MPA CRCs, "
     "markers, DIF inserted or checked) and write the wire stream as a pcap (Ethernet/IPv4/TCP; MPA with its "
     "Request/Reply and one FPDU per segment) and/or raw bytes.",
     cmd_tx},
    {"compare", "[--period N] [--signal NAME]... [--signals NAME,...] A B",
     "Compare two waveforms (VCD, plain or .gz), e.g. a lockstep run's RTL and model traces (--trace PREFIX): "
     "signals in both, matched by path, by name, or by a generate path flattened as the twins name it "
     "(g_stage[0].reg_q = g_stage_0_reg_q), value by value at every timestamp of either file. Prints the "
     "first time and cycle (time / N, default 10: the lockstep time base) where they differ, each differing "
     "signal with both values in hex, and exits 1; else \"traces agree on S signals over C cycles\" and 0.",
     cmd_compare},
    {"help", "[SUBCOMMAND]", "Show this help, or the usage of one subcommand.", cmd_help},
};

static const subcommand *find_subcommand(const char *name)
{
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
        if (strcmp(name, subcommands[i].name) == 0)
            return &subcommands[i];
    return NULL;
}

static void print_help(FILE *out)
{
    fprintf(out, "usage: mdd SUBCOMMAND [ARGS]   (mdd help SUBCOMMAND for one)\n\nsubcommands:\n");
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
        fprintf(out, "  %s %s\n      %s\n", subcommands[i].name, subcommands[i].synopsis, subcommands[i].summary);
    fprintf(out, "\nALG: crc32c | crc16-t10dif | crc32 | crc64-nvme\n"
                 "Environment: MDD_CRC_IMPL=auto|portable|sse42|clmul|vpclmul forces a CRC implementation.\n"
                 "Exit status: 0 ok, 1 traces differ (compare), 2 bad input (one line on stderr).\n");
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return fail(NULL, "missing subcommand (try 'mdd help')");
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        print_help(stdout);
        return 0;
    }
    const subcommand *cmd = find_subcommand(argv[1]);
    if (!cmd)
        return fail(NULL, "unknown subcommand \"%s\" (try 'mdd help')", argv[1]);
    int rc = cmd->run(cmd, argc - 1, argv + 1);
    /* A CRC that never reached stdout (closed pipe, full disk) is a failure too. */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "mdd: %s: cannot write output: %s\n", cmd->name, strerror(errno));
        return rc ? rc : 1;
    }
    return rc;
}
