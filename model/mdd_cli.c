/* SPDX-License-Identifier: MIT */
/*
 * mdd: command-line front end of the mdd C model.  Subcommands live in one
 * table (name, argument synopsis, summary, handler) so later ones drop in
 * without touching the dispatcher or the help text.
 *
 * Exit status: 0 on success, 2 on bad input (unknown subcommand or algorithm,
 * missing/extra argument, malformed or out-of-range number, unreadable file),
 * always with exactly one line on stderr naming the problem.
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

static const subcommand subcommands[] = {
    {"crc", "--alg ALG [FILE|-]",
     "Print the CRC of FILE (or stdin when FILE is '-' or absent) as 0x-prefixed hex of the CRC width.",
     cmd_crc},
    {"combine", "--alg ALG CRC_A CRC_B LEN_B",
     "Print the CRC of A||B from CRC(A), CRC(B) (0x-hex or decimal) and LEN_B = |B| in bytes (< 2^64).",
     cmd_combine},
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
                 "Exit status: 0 ok, 2 bad input (one line on stderr).\n");
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
