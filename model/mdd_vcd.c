/* SPDX-License-Identifier: MIT */
/* VCD reader and trace comparison (see mdd_vcd.h). */
#include "mdd_vcd.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define NO_SCOPE ((size_t)-1)
#define MAX_WIDTH (1u << 24) /* a sanity bound on $var sizes, far above any bus of the core */

typedef struct scope {
    char *name;
    size_t parent; /* NO_SCOPE at the top */
} scope;

typedef struct slot {
    char *code;  /* identifier code */
    char *val;   /* width characters + NUL (reals: the text) */
    size_t cap;  /* bytes allocated for val */
    unsigned width;
    bool real;
    bool changed; /* listed in changed[] */
} slot;

struct mdd_vcd {
    gzFile gz;
    char *file;
    /* the current line and the position of the next token in it */
    char *line;
    size_t line_cap, line_len, pos;
    unsigned long lineno;
    scope *scopes;
    size_t nscopes, scopes_cap, cur_scope;
    mdd_vcd_var *vars;
    size_t nvars, vars_cap;
    slot *slots;
    size_t nslots, slots_cap;
    size_t *hash; /* open addressing over slots by code: slot index + 1, 0 = empty */
    size_t hash_cap;
    char timescale[64];
    bool pending; /* next_time read, its changes not yet */
    uint64_t next_time;
    bool time_seen;
    uint64_t cur_time;
    unsigned *changed;
    size_t nchanged, changed_cap;
    char *scratch; /* a vector value, kept while its identifier code is read */
    size_t scratch_cap;
    char *err;
    size_t errlen;
};

/* ---- errors and memory ---- */

static int set_err(mdd_vcd *v, bool with_line, const char *fmt, ...)
{
    if (!v->err || !v->errlen)
        return -1;
    int n = with_line ? snprintf(v->err, v->errlen, "%s:%lu: ", v->file, v->lineno)
                      : snprintf(v->err, v->errlen, "%s: ", v->file);
    if (n < 0 || (size_t)n >= v->errlen)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->err + n, v->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

#define FAIL_AT(v, ...) set_err((v), true, __VA_ARGS__)
#define OOM(v) set_err((v), false, "out of memory")

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

/* Grows *p (elements of size sz) to hold at least need elements. */
static bool grow(void **p, size_t *cap, size_t need, size_t sz)
{
    if (need <= *cap)
        return true;
    size_t c = *cap ? *cap : 16;
    while (c < need)
        c *= 2;
    void *q = realloc(*p, c * sz);
    if (!q)
        return false;
    *p = q;
    *cap = c;
    return true;
}

/* ---- tokens ---- */

/* Reads the next line: 1, 0 at the end of the file, -1 on a read error (a truncated gzip stream). */
static int read_line(mdd_vcd *v)
{
    v->line_len = 0;
    v->pos = 0;
    for (;;) {
        if (v->line_cap - v->line_len < 2 && !grow((void **)&v->line, &v->line_cap, v->line_len + 4096, 1))
            return OOM(v);
        if (!gzgets(v->gz, v->line + v->line_len, (int)(v->line_cap - v->line_len))) {
            int errnum = Z_OK;
            const char *msg = gzerror(v->gz, &errnum);
            const size_t n = strlen(v->file);
            if (strncmp(msg, v->file, n) == 0 && msg[n] == ':') /* zlib's message starts with the path too */
                msg += n + (msg[n + 1] == ' ' ? 2 : 1);
            if (errnum != Z_OK && errnum != Z_STREAM_END)
                return errnum == Z_ERRNO ? set_err(v, false, "cannot read: %s", strerror(errno))
                                         : set_err(v, false, "cannot read: %s (line %lu)", msg, v->lineno + 1);
            if (v->line_len == 0)
                return 0;
            break;
        }
        v->line_len += strlen(v->line + v->line_len);
        if (v->line_len > 0 && v->line[v->line_len - 1] == '\n')
            break;
    }
    v->lineno++;
    return 1;
}

/* The next blank-separated token, NUL-terminated inside the line buffer (valid until the next call): 1, 0 at
 * the end of the file, -1 on error. */
static int next_token(mdd_vcd *v, char **tok)
{
    for (;;) {
        while (v->pos < v->line_len && isspace((unsigned char)v->line[v->pos]))
            v->pos++;
        if (v->pos < v->line_len) {
            size_t start = v->pos;
            while (v->pos < v->line_len && !isspace((unsigned char)v->line[v->pos]))
                v->pos++;
            if (v->pos < v->line_len)
                v->line[v->pos++] = '\0';
            *tok = v->line + start;
            return 1;
        }
        int r = read_line(v);
        if (r <= 0)
            return r;
    }
}

/* A token that must be there (inside a $keyword ... $end or after a vector value). */
static int need_token(mdd_vcd *v, char **tok, const char *what)
{
    int r = next_token(v, tok);
    if (r == 0)
        return FAIL_AT(v, "the file ends inside %s", what);
    return r < 0 ? -1 : 0;
}

/* Skips tokens up to and including $end. */
static int skip_to_end(mdd_vcd *v, const char *what)
{
    char *t;
    do {
        if (need_token(v, &t, what) < 0)
            return -1;
    } while (strcmp(t, "$end") != 0);
    return 0;
}

static bool parse_dec(const char *s, uint64_t *out)
{
    if (!*s)
        return false;
    uint64_t x = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return false;
        unsigned d = (unsigned)(*s - '0');
        if (x > (UINT64_MAX - d) / 10)
            return false;
        x = x * 10 + d;
    }
    *out = x;
    return true;
}

/* ---- slots by identifier code ---- */

static size_t hash_code(const char *s)
{
    size_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

static slot *find_slot(const mdd_vcd *v, const char *code)
{
    if (!v->hash_cap)
        return NULL;
    for (size_t i = hash_code(code) & (v->hash_cap - 1);; i = (i + 1) & (v->hash_cap - 1)) {
        if (!v->hash[i])
            return NULL;
        slot *s = &v->slots[v->hash[i] - 1];
        if (strcmp(s->code, code) == 0)
            return s;
    }
}

static int rehash(mdd_vcd *v, size_t cap)
{
    size_t *h = calloc(cap, sizeof *h);
    if (!h)
        return OOM(v);
    for (size_t k = 0; k < v->nslots; k++) {
        size_t i = hash_code(v->slots[k].code) & (cap - 1);
        while (h[i])
            i = (i + 1) & (cap - 1);
        h[i] = k + 1;
    }
    free(v->hash);
    v->hash = h;
    v->hash_cap = cap;
    return 0;
}

static int add_slot(mdd_vcd *v, const char *code, unsigned width, bool real)
{
    if (!grow((void **)&v->slots, &v->slots_cap, v->nslots + 1, sizeof *v->slots))
        return OOM(v);
    slot *s = &v->slots[v->nslots];
    memset(s, 0, sizeof *s);
    s->code = dup_str(code);
    s->cap = real ? 32 : (size_t)width + 1;
    s->val = malloc(s->cap);
    if (!s->code || !s->val) {
        free(s->code);
        free(s->val);
        return OOM(v);
    }
    s->width = width;
    s->real = real;
    /* nothing dumped yet: unknown */
    if (real) {
        strcpy(s->val, "x");
    } else {
        memset(s->val, 'x', width);
        s->val[width] = '\0';
    }
    v->nslots++;
    if (2 * v->nslots > v->hash_cap)
        return rehash(v, v->hash_cap ? 2 * v->hash_cap : 64);
    size_t i = hash_code(code) & (v->hash_cap - 1);
    while (v->hash[i])
        i = (i + 1) & (v->hash_cap - 1);
    v->hash[i] = v->nslots;
    return 0;
}

static void mark_changed(mdd_vcd *v, slot *s)
{
    if (s->changed)
        return;
    if (!grow((void **)&v->changed, &v->changed_cap, v->nchanged + 1, sizeof *v->changed))
        return; /* (only on out of memory; reported by the caller's check below) */
    s->changed = true;
    v->changed[v->nchanged++] = (unsigned)(s - v->slots);
}

/* ---- header ---- */

static int add_var(mdd_vcd *v, const char *type, const char *size, const char *code, const char *name)
{
    uint64_t w;
    if (!parse_dec(size, &w) || w == 0 || w > MAX_WIDTH)
        return FAIL_AT(v, "$var %s: size \"%s\" is not a width of 1..%u bits", name, size, MAX_WIDTH);
    const bool real = strcmp(type, "real") == 0 || strcmp(type, "realtime") == 0;
    slot *s = find_slot(v, code);
    if (s && (s->width != w || s->real != real))
        return FAIL_AT(v, "$var %s: identifier code \"%s\" was declared %u bits wide before, now %u", name, code,
                       s->width, (unsigned)w);
    if (!s) {
        if (add_slot(v, code, (unsigned)w, real) < 0)
            return -1;
        s = &v->slots[v->nslots - 1];
    }
    if (!grow((void **)&v->vars, &v->vars_cap, v->nvars + 1, sizeof *v->vars))
        return OOM(v);
    /* path: the scope names from the top, then the name */
    size_t len = strlen(name) + 1, depth = 0;
    for (size_t k = v->cur_scope; k != NO_SCOPE; k = v->scopes[k].parent) {
        len += strlen(v->scopes[k].name) + 1;
        depth++;
    }
    char *path = malloc(len);
    if (!path)
        return OOM(v);
    size_t end = len - 1;
    path[end] = '\0';
    size_t n = strlen(name);
    end -= n;
    memcpy(path + end, name, n);
    for (size_t k = v->cur_scope; k != NO_SCOPE; k = v->scopes[k].parent) {
        path[--end] = '.';
        n = strlen(v->scopes[k].name);
        end -= n;
        memcpy(path + end, v->scopes[k].name, n);
    }
    mdd_vcd_var *var = &v->vars[v->nvars];
    var->path = path;
    var->leaf = path + (len - 1 - strlen(name));
    var->depth = (unsigned)depth;
    var->width = (unsigned)w;
    var->slot = (unsigned)(s - v->slots);
    var->real = real;
    v->nvars++;
    return 0;
}

static int parse_var(mdd_vcd *v)
{
    char *t;
    char *f[4] = {NULL, NULL, NULL, NULL}; /* type, size, code, name */
    int rc = -1;
    for (int i = 0; i < 4; i++) {
        if (need_token(v, &t, "$var") < 0)
            goto out;
        if (strcmp(t, "$end") == 0) {
            FAIL_AT(v, "$var has %d of its 4 fields (type, size, identifier code, name)", i);
            goto out;
        }
        if (!(f[i] = dup_str(t))) {
            OOM(v);
            goto out;
        }
    }
    /* then an optional bit range ("[31:0]") before $end */
    for (;;) {
        if (need_token(v, &t, "$var") < 0)
            goto out;
        if (strcmp(t, "$end") == 0)
            break;
        if (t[0] == '$') {
            FAIL_AT(v, "$var %s: %s before its $end", f[3], t);
            goto out;
        }
    }
    rc = add_var(v, f[0], f[1], f[2], f[3]);
out:
    for (int i = 0; i < 4; i++)
        free(f[i]);
    return rc;
}

static int parse_header(mdd_vcd *v)
{
    char *t;
    for (;;) {
        int r = next_token(v, &t);
        if (r < 0)
            return -1;
        if (r == 0)
            return set_err(v, false, "no $enddefinitions: not a VCD file, or cut short");
        if (strcmp(t, "$var") == 0) {
            if (parse_var(v) < 0)
                return -1;
        } else if (strcmp(t, "$scope") == 0) {
            /* (a token lives until the next is read: each is checked before the next) */
            char *name;
            if (need_token(v, &t, "$scope") < 0)
                return -1;
            if (strcmp(t, "$end") == 0)
                return FAIL_AT(v, "$scope needs a type and a name");
            if (need_token(v, &name, "$scope") < 0)
                return -1;
            if (strcmp(name, "$end") == 0)
                return FAIL_AT(v, "$scope needs a type and a name");
            if (!grow((void **)&v->scopes, &v->scopes_cap, v->nscopes + 1, sizeof *v->scopes))
                return OOM(v);
            if (!(v->scopes[v->nscopes].name = dup_str(name)))
                return OOM(v);
            v->scopes[v->nscopes].parent = v->cur_scope;
            v->cur_scope = v->nscopes++;
            if (need_token(v, &t, "$scope") < 0)
                return -1;
            if (strcmp(t, "$end") != 0)
                return FAIL_AT(v, "$scope %s: \"%s\" where $end belongs", name, t);
        } else if (strcmp(t, "$upscope") == 0) {
            if (v->cur_scope == NO_SCOPE)
                return FAIL_AT(v, "$upscope without an open $scope");
            v->cur_scope = v->scopes[v->cur_scope].parent;
            if (skip_to_end(v, "$upscope") < 0)
                return -1;
        } else if (strcmp(t, "$timescale") == 0) {
            v->timescale[0] = '\0';
            for (;;) {
                if (need_token(v, &t, "$timescale") < 0)
                    return -1;
                if (strcmp(t, "$end") == 0)
                    break;
                size_t n = strlen(v->timescale);
                snprintf(v->timescale + n, sizeof v->timescale - n, "%s", t);
            }
        } else if (strcmp(t, "$enddefinitions") == 0) {
            return skip_to_end(v, "$enddefinitions");
        } else if (t[0] == '$') { /* $date, $version, $comment and any other section */
            char what[64];
            snprintf(what, sizeof what, "%s", t);
            if (skip_to_end(v, what) < 0)
                return -1;
        } else {
            return FAIL_AT(v, "\"%s\" in the header, where a $keyword belongs", t);
        }
    }
}

/* ---- value changes ---- */

/* bits: the value's characters (b...), n of them. Sets the slot, left-extended to its width. */
static int apply_bits(mdd_vcd *v, const char *code, const char *bits, size_t n)
{
    slot *s = find_slot(v, code);
    if (!s)
        return FAIL_AT(v, "unknown identifier code \"%s\"", code);
    if (s->real)
        return FAIL_AT(v, "bit value for the real var with code \"%s\"", code);
    if (n == 0)
        return FAIL_AT(v, "empty value for code \"%s\"", code);
    for (size_t i = 0; i < n; i++) {
        char c = bits[i];
        if (c != '0' && c != '1' && c != 'x' && c != 'X' && c != 'z' && c != 'Z')
            return FAIL_AT(v, "'%c' in the value for code \"%s\" is not a bit (0, 1, x, z)", c, code);
    }
    /* more digits than bits: only leading zeros may go */
    while (n > s->width && bits[0] == '0') {
        bits++;
        n--;
    }
    if (n > s->width)
        return FAIL_AT(v, "a %zu-bit value for the %u-bit var with code \"%s\"", n, s->width, code);
    /* left extension: 0 for a leading 0 or 1, else the leading x or z */
    const char lead = (char)tolower((unsigned char)bits[0]);
    const char ext = lead == '1' ? '0' : lead;
    const size_t pad = s->width - n;
    bool diff = false;
    for (size_t i = 0; i < s->width; i++) {
        char c = i < pad ? ext : (char)tolower((unsigned char)bits[i - pad]);
        if (s->val[i] != c) {
            s->val[i] = c;
            diff = true;
        }
    }
    if (diff) {
        mark_changed(v, s);
        if (!s->changed)
            return OOM(v);
    }
    return 0;
}

static int apply_real(mdd_vcd *v, const char *code, const char *text)
{
    slot *s = find_slot(v, code);
    if (!s)
        return FAIL_AT(v, "unknown identifier code \"%s\"", code);
    if (!s->real)
        return FAIL_AT(v, "real value for the %u-bit var with code \"%s\"", s->width, code);
    char *end;
    errno = 0;
    (void)strtod(text, &end);
    if (!*text || *end)
        return FAIL_AT(v, "\"%s\" is not a real number (code \"%s\")", text, code);
    if (strcmp(s->val, text) == 0)
        return 0;
    size_t n = strlen(text) + 1;
    if (n > s->cap) {
        char *p = realloc(s->val, n);
        if (!p)
            return OOM(v);
        s->val = p;
        s->cap = n;
    }
    memcpy(s->val, text, n);
    mark_changed(v, s);
    return s->changed ? 0 : OOM(v);
}

/* Applies value changes up to the next timestamp, which it leaves pending (or to the end of the file). */
static int read_changes(mdd_vcd *v)
{
    char *t;
    for (;;) {
        int r = next_token(v, &t);
        if (r < 0)
            return -1;
        if (r == 0) {
            v->pending = false;
            return 0;
        }
        switch (t[0]) {
        case '#': {
            uint64_t time;
            if (!parse_dec(t + 1, &time))
                return FAIL_AT(v, "\"%s\" is not a timestamp (# and a decimal number)", t);
            if (v->time_seen && time < v->cur_time)
                return FAIL_AT(v, "time %llu goes back (after %llu)", (unsigned long long)time,
                               (unsigned long long)v->cur_time);
            v->pending = true;
            v->next_time = time;
            return 0;
        }
        case '$':
            /* $dumpvars/$dumpall/$dumpon/$dumpoff only bracket value changes */
            if (strcmp(t, "$dumpvars") == 0 || strcmp(t, "$dumpall") == 0 || strcmp(t, "$dumpon") == 0 ||
                strcmp(t, "$dumpoff") == 0 || strcmp(t, "$end") == 0)
                break;
            if (strcmp(t, "$comment") == 0) {
                if (skip_to_end(v, "$comment") < 0)
                    return -1;
                break;
            }
            return FAIL_AT(v, "%s after $enddefinitions", t);
        case '0': case '1': case 'x': case 'X': case 'z': case 'Z':
            if (!t[1])
                return FAIL_AT(v, "value '%c' without an identifier code", t[0]);
            if (apply_bits(v, t + 1, t, 1) < 0)
                return -1;
            break;
        case 'b': case 'B': case 'r': case 'R': {
            /* the value, kept while the code is read (it may be on the next line) */
            size_t n = strlen(t + 1);
            if (!grow((void **)&v->scratch, &v->scratch_cap, n + 1, 1))
                return OOM(v);
            memcpy(v->scratch, t + 1, n + 1);
            const bool real = t[0] == 'r' || t[0] == 'R';
            char *code;
            /* (any printable characters make a code, '#' and '$' included: no check of its first one) */
            if (need_token(v, &code, real ? "a real value change" : "a vector value change") < 0)
                return -1;
            if ((real ? apply_real(v, code, v->scratch) : apply_bits(v, code, v->scratch, n)) < 0)
                return -1;
            break;
        }
        default:
            return FAIL_AT(v, "\"%s\" is not a value change, timestamp or $keyword", t);
        }
    }
}

/* ---- public: reader ---- */

mdd_vcd *mdd_vcd_open(const char *path, char *err, size_t errlen)
{
    mdd_vcd *v = calloc(1, sizeof *v);
    if (!v) {
        if (err && errlen)
            snprintf(err, errlen, "%s: out of memory", path);
        return NULL;
    }
    v->cur_scope = NO_SCOPE;
    v->err = err;
    v->errlen = errlen;
    if (!(v->file = dup_str(path))) {
        if (err && errlen)
            snprintf(err, errlen, "%s: out of memory", path);
        free(v);
        return NULL;
    }
    errno = 0;
    v->gz = gzopen(path, "rb");
    if (!v->gz) {
        set_err(v, false, "cannot open: %s", errno ? strerror(errno) : "out of memory");
        mdd_vcd_close(v);
        return NULL;
    }
    if (parse_header(v) < 0 || read_changes(v) < 0) {
        mdd_vcd_close(v);
        return NULL;
    }
    v->err = NULL;
    v->errlen = 0;
    return v;
}

void mdd_vcd_close(mdd_vcd *v)
{
    if (!v)
        return;
    if (v->gz)
        gzclose(v->gz);
    for (size_t i = 0; i < v->nscopes; i++)
        free(v->scopes[i].name);
    for (size_t i = 0; i < v->nvars; i++)
        free((char *)v->vars[i].path);
    for (size_t i = 0; i < v->nslots; i++) {
        free(v->slots[i].code);
        free(v->slots[i].val);
    }
    free(v->scopes);
    free(v->vars);
    free(v->slots);
    free(v->hash);
    free(v->changed);
    free(v->scratch);
    free(v->line);
    free(v->file);
    free(v);
}

size_t mdd_vcd_nvars(const mdd_vcd *v) { return v->nvars; }
const mdd_vcd_var *mdd_vcd_var_at(const mdd_vcd *v, size_t i) { return i < v->nvars ? &v->vars[i] : NULL; }
const char *mdd_vcd_timescale(const mdd_vcd *v) { return v->timescale; }
const char *mdd_vcd_value(const mdd_vcd *v, unsigned slot) { return slot < v->nslots ? v->slots[slot].val : ""; }

bool mdd_vcd_peek_time(const mdd_vcd *v, uint64_t *t)
{
    if (v->pending)
        *t = v->next_time;
    return v->pending;
}

int mdd_vcd_step(mdd_vcd *v, char *err, size_t errlen)
{
    if (!v->pending)
        return 0;
    v->cur_time = v->next_time;
    v->time_seen = true;
    v->pending = false;
    v->err = err;
    v->errlen = errlen;
    int rc = read_changes(v);
    v->err = NULL;
    v->errlen = 0;
    if (rc < 0)
        v->pending = false; /* nothing more to read after an error */
    return rc;
}

const unsigned *mdd_vcd_changed(const mdd_vcd *v, size_t *n)
{
    *n = v->nchanged;
    return v->changed;
}

void mdd_vcd_clear_changed(mdd_vcd *v)
{
    for (size_t i = 0; i < v->nchanged; i++)
        v->slots[v->changed[i]].changed = false;
    v->nchanged = 0;
}

void mdd_vcd_format(const mdd_vcd *v, const mdd_vcd_var *var, char *out, size_t outlen)
{
    if (!outlen)
        return;
    const char *bits = mdd_vcd_value(v, var->slot);
    if (var->real) {
        snprintf(out, outlen, "%s", bits);
        return;
    }
    size_t o = 0;
    const unsigned w = var->width;
    if (o + 1 < outlen)
        out[o++] = '0';
    if (o + 1 < outlen)
        out[o++] = 'x';
    /* the first digit holds w % 4 bits (4 when w is a multiple of 4) */
    for (unsigned i = 0; i < w && o + 1 < outlen;) {
        unsigned nb = i == 0 && w % 4 ? w % 4 : 4;
        unsigned val = 0, nx = 0, nz = 0;
        for (unsigned k = 0; k < nb; k++, i++) {
            char c = bits[i];
            val = val << 1 | (c == '1');
            nx += c == 'x';
            nz += c == 'z';
        }
        out[o++] = nx == nb ? 'x' : nz == nb ? 'z' : nx ? 'X' : nz ? 'Z' : "0123456789abcdef"[val];
    }
    out[o] = '\0';
}

/* ---- public: matching ---- */

typedef struct entry {
    const char *key;
    unsigned depth;
    size_t idx;
} entry;

static int cmp_entry(const void *x, const void *y)
{
    const entry *a = x, *b = y;
    int c = strcmp(a->key, b->key);
    if (c)
        return c;
    if (a->depth != b->depth)
        return a->depth < b->depth ? -1 : 1;
    return a->idx < b->idx ? -1 : a->idx > b->idx;
}

static int cmp_pair(const void *x, const void *y)
{
    const mdd_vcd_pair *a = x, *b = y;
    return a->a < b->a ? -1 : a->a > b->a;
}

/* The unpaired vars of d keyed by path or leaf, sorted. */
static entry *entries(const mdd_vcd *d, const bool *used, bool by_path, size_t *n)
{
    entry *e = malloc((d->nvars ? d->nvars : 1) * sizeof *e);
    if (!e)
        return NULL;
    *n = 0;
    for (size_t i = 0; i < d->nvars; i++)
        if (!used[i])
            e[(*n)++] = (entry){by_path ? d->vars[i].path : d->vars[i].leaf, d->vars[i].depth, i};
    qsort(e, *n, sizeof *e, cmp_entry);
    return e;
}

#define NOT_FOUND ((size_t)-1)

/* The first unpaired var of e[] whose key is key, or NOT_FOUND. */
static size_t lookup(const entry *e, size_t n, const bool *used, const char *key)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(e[mid].key, key) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (; lo < n && strcmp(e[lo].key, key) == 0; lo++)
        if (!used[e[lo].idx])
            return e[lo].idx;
    return NOT_FOUND;
}

typedef struct pairs_buf {
    mdd_vcd_pair *p;
    size_t n, cap;
    char **names; /* flattened names, owned */
    size_t nnames, names_cap;
} pairs_buf;

static bool add_pair(pairs_buf *pb, size_t a, size_t b, const char *name, mdd_vcd_match_rule rule)
{
    if (!grow((void **)&pb->p, &pb->cap, pb->n + 1, sizeof *pb->p))
        return false;
    pb->p[pb->n++] = (mdd_vcd_pair){a, b, name, rule};
    return true;
}

/* The last k components of var i's path (scopes and name), flattened: '.' and '[' -> '_', ']' dropped. */
static char *flatten(const mdd_vcd *d, size_t i, unsigned k)
{
    const char *p = d->vars[i].path + strlen(d->vars[i].path);
    for (unsigned dots = 0; p > d->vars[i].path; p--)
        if (p[-1] == '.' && ++dots == k)
            break;
    char *s = malloc(strlen(p) + 1), *o = s;
    if (!s)
        return NULL;
    for (; *p; p++)
        if (*p != ']')
            *o++ = *p == '.' || *p == '[' ? '_' : *p;
    *o = '\0';
    return s;
}

/* Flattened paths of from's unpaired vars against to's unpaired leaf names. */
static bool match_flat(const mdd_vcd *from, bool *used_from, const mdd_vcd *to, bool *used_to, bool from_is_a,
                       pairs_buf *pb)
{
    size_t n;
    entry *e = entries(to, used_to, false, &n);
    if (!e)
        return false;
    bool ok = true;
    for (size_t i = 0; i < from->nvars && ok; i++) {
        if (used_from[i])
            continue;
        for (unsigned k = 2; k <= from->vars[i].depth + 1 && ok; k++) {
            char *key = flatten(from, i, k);
            if (!key) {
                ok = false;
                break;
            }
            size_t j = lookup(e, n, used_to, key);
            if (j == NOT_FOUND) {
                free(key);
                continue;
            }
            ok = grow((void **)&pb->names, &pb->names_cap, pb->nnames + 1, sizeof *pb->names);
            if (ok) {
                pb->names[pb->nnames++] = key;
                ok = add_pair(pb, from_is_a ? i : j, from_is_a ? j : i, key, MDD_VCD_BY_FLAT);
            } else {
                free(key);
            }
            used_from[i] = used_to[j] = true;
            break;
        }
    }
    free(e);
    return ok;
}

/* The flattened names live as long as the pairs: one allocation holds the pairs, then the names. */
static mdd_vcd_pair *pack_pairs(pairs_buf *pb)
{
    size_t bytes = pb->n * sizeof *pb->p;
    for (size_t i = 0; i < pb->n; i++)
        if (pb->p[i].rule == MDD_VCD_BY_FLAT)
            bytes += strlen(pb->p[i].name) + 1;
    mdd_vcd_pair *out = malloc(bytes ? bytes : 1);
    if (!out)
        return NULL;
    memcpy(out, pb->p, pb->n * sizeof *pb->p);
    char *names = (char *)(out + pb->n);
    for (size_t i = 0; i < pb->n; i++)
        if (out[i].rule == MDD_VCD_BY_FLAT) {
            size_t n = strlen(out[i].name) + 1;
            memcpy(names, out[i].name, n);
            out[i].name = names;
            names += n;
        }
    return out;
}

int mdd_vcd_match(const mdd_vcd *a, const mdd_vcd *b, const char *const *names, size_t nnames,
                  mdd_vcd_pair **pairs, size_t *npairs, size_t *only_a, size_t *only_b, char *err, size_t errlen)
{
    *pairs = NULL;
    *npairs = 0;
    bool *used_a = calloc(a->nvars + 1, 1), *used_b = calloc(b->nvars + 1, 1);
    pairs_buf pb = {0};
    bool ok = used_a && used_b;
    int rc = -1;
    /* by path, then by leaf: a merge of the two sorted lists; for a leaf, the shallowest var of each side */
    for (int pass = 0; pass < 2 && ok; pass++) {
        size_t na, nb;
        entry *ea = entries(a, used_a, pass == 0, &na), *eb = entries(b, used_b, pass == 0, &nb);
        ok = ea && eb;
        for (size_t i = 0, j = 0; ok && i < na && j < nb;) {
            int c = strcmp(ea[i].key, eb[j].key);
            if (c < 0) {
                i++;
            } else if (c > 0) {
                j++;
            } else {
                const char *key = ea[i].key;
                if (!used_a[ea[i].idx] && !used_b[eb[j].idx]) {
                    const mdd_vcd_var *va = &a->vars[ea[i].idx];
                    ok = add_pair(&pb, ea[i].idx, eb[j].idx, pass == 0 ? va->path : va->leaf,
                                  pass == 0 ? MDD_VCD_BY_PATH : MDD_VCD_BY_LEAF);
                    used_a[ea[i].idx] = used_b[eb[j].idx] = true;
                }
                /* a path twice in one dump pairs in order; a leaf pairs once */
                if (pass == 0) {
                    i++;
                    j++;
                } else {
                    while (i < na && strcmp(ea[i].key, key) == 0)
                        i++;
                    while (j < nb && strcmp(eb[j].key, key) == 0)
                        j++;
                }
            }
        }
        free(ea);
        free(eb);
    }
    ok = ok && match_flat(a, used_a, b, used_b, true, &pb) && match_flat(b, used_b, a, used_a, false, &pb);
    if (!ok) {
        snprintf(err, errlen, "out of memory");
        goto out;
    }
    *only_a = *only_b = 0;
    for (size_t i = 0; i < a->nvars; i++)
        *only_a += !used_a[i];
    for (size_t i = 0; i < b->nvars; i++)
        *only_b += !used_b[i];
    /* the selection */
    if (nnames) {
        size_t kept = 0;
        for (size_t k = 0; k < nnames; k++) {
            bool found = false;
            for (size_t i = 0; i < pb.n; i++) {
                const mdd_vcd_pair *p = &pb.p[i];
                if (strcmp(names[k], p->name) == 0 || strcmp(names[k], a->vars[p->a].path) == 0 ||
                    strcmp(names[k], b->vars[p->b].path) == 0)
                    found = true;
            }
            if (!found) {
                snprintf(err, errlen, "signal \"%s\" is not in both traces", names[k]);
                goto out;
            }
        }
        for (size_t i = 0; i < pb.n; i++) {
            const mdd_vcd_pair *p = &pb.p[i];
            bool keep = false;
            for (size_t k = 0; k < nnames && !keep; k++)
                keep = strcmp(names[k], p->name) == 0 || strcmp(names[k], a->vars[p->a].path) == 0 ||
                       strcmp(names[k], b->vars[p->b].path) == 0;
            if (keep)
                pb.p[kept++] = *p;
        }
        pb.n = kept;
    }
    qsort(pb.p, pb.n, sizeof *pb.p, cmp_pair);
    if (!(*pairs = pack_pairs(&pb))) {
        snprintf(err, errlen, "out of memory");
        goto out;
    }
    *npairs = pb.n;
    rc = 0;
out:
    for (size_t i = 0; i < pb.nnames; i++)
        free(pb.names[i]);
    free(pb.names);
    free(pb.p);
    free(used_a);
    free(used_b);
    return rc;
}

/* ---- public: comparison ---- */

/* Two values (bits or real text) equal? Different widths compare as numbers: the wider one's extra high
 * bits must be 0. */
static bool same_value(const char *va, const mdd_vcd_var *a, const char *vb, const mdd_vcd_var *b)
{
    if (a->real || b->real) {
        if (a->real != b->real)
            return false;
        char *ea, *eb;
        double da = strtod(va, &ea), db = strtod(vb, &eb);
        return *ea || *eb ? strcmp(va, vb) == 0 : da == db;
    }
    if (a->width == b->width)
        return memcmp(va, vb, a->width) == 0;
    const char *wide = a->width > b->width ? va : vb, *narrow = a->width > b->width ? vb : va;
    const size_t extra = a->width > b->width ? a->width - b->width : b->width - a->width;
    for (size_t i = 0; i < extra; i++)
        if (wide[i] != '0')
            return false;
    return memcmp(wide + extra, narrow, a->width < b->width ? a->width : b->width) == 0;
}

/* slot -> pairs, as offsets into one index array (CSR). */
typedef struct slot_map {
    size_t *start; /* nslots + 1 */
    size_t *pair;
} slot_map;

static bool build_map(const mdd_vcd *d, const mdd_vcd_pair *pairs, size_t npairs, bool side_a, slot_map *m)
{
    m->start = calloc(d->nslots + 1, sizeof *m->start);
    m->pair = malloc((npairs ? npairs : 1) * sizeof *m->pair);
    if (!m->start || !m->pair)
        return false;
    for (size_t i = 0; i < npairs; i++)
        m->start[d->vars[side_a ? pairs[i].a : pairs[i].b].slot + 1]++;
    for (size_t s = 0; s < d->nslots; s++)
        m->start[s + 1] += m->start[s];
    size_t *fill = malloc((d->nslots + 1) * sizeof *fill);
    if (!fill)
        return false;
    memcpy(fill, m->start, (d->nslots + 1) * sizeof *fill);
    for (size_t i = 0; i < npairs; i++)
        m->pair[fill[d->vars[side_a ? pairs[i].a : pairs[i].b].slot]++] = i;
    free(fill);
    return true;
}

static int cmp_size(const void *x, const void *y)
{
    const size_t a = *(const size_t *)x, b = *(const size_t *)y;
    return a < b ? -1 : a > b;
}

int mdd_vcd_compare(mdd_vcd *a, mdd_vcd *b, const mdd_vcd_pair *pairs, size_t npairs, mdd_vcd_cmp *res, char *err,
                    size_t errlen)
{
    memset(res, 0, sizeof *res);
    slot_map ma = {0}, mb = {0};
    bool *dirty = calloc(npairs + 1, 1);
    size_t *dlist = malloc((npairs + 1) * sizeof *dlist), nd = 0;
    int rc = -1;
    if (!dirty || !dlist || !build_map(a, pairs, npairs, true, &ma) || !build_map(b, pairs, npairs, false, &mb) ||
        !(res->diff = malloc((npairs + 1) * sizeof *res->diff))) {
        snprintf(err, errlen, "out of memory");
        goto out;
    }
    /* every pair once at the first timestamp, whatever changed */
    for (size_t i = 0; i < npairs; i++) {
        dirty[i] = true;
        dlist[nd++] = i;
    }
    for (bool more = true; more;) {
        uint64_t ta = 0, tb = 0, t;
        const bool ha = mdd_vcd_peek_time(a, &ta), hb = mdd_vcd_peek_time(b, &tb);
        more = ha || hb;
        if (more) {
            t = ha && hb ? (ta < tb ? ta : tb) : ha ? ta : tb;
            if ((ha && ta == t && mdd_vcd_step(a, err, errlen) < 0) ||
                (hb && tb == t && mdd_vcd_step(b, err, errlen) < 0))
                goto out;
            if (!res->timed)
                res->first = t;
            res->timed = true;
            res->last = t;
        } else {
            t = res->timed ? res->last : 0; /* values no timestamp follows (a dump without any) */
        }
        for (int side = 0; side < 2; side++) {
            mdd_vcd *d = side ? b : a;
            const slot_map *m = side ? &mb : &ma;
            size_t nc;
            const unsigned *ch = mdd_vcd_changed(d, &nc);
            for (size_t k = 0; k < nc; k++)
                for (size_t q = m->start[ch[k]]; q < m->start[ch[k] + 1]; q++)
                    if (!dirty[m->pair[q]]) {
                        dirty[m->pair[q]] = true;
                        dlist[nd++] = m->pair[q];
                    }
            mdd_vcd_clear_changed(d);
        }
        for (size_t k = 0; k < nd; k++) {
            const mdd_vcd_pair *p = &pairs[dlist[k]];
            const mdd_vcd_var *va = &a->vars[p->a], *vb = &b->vars[p->b];
            if (!same_value(a->slots[va->slot].val, va, b->slots[vb->slot].val, vb))
                res->diff[res->ndiff++] = dlist[k];
            dirty[dlist[k]] = false;
        }
        nd = 0;
        if (res->ndiff) {
            qsort(res->diff, res->ndiff, sizeof *res->diff, cmp_size);
            res->differ = true;
            res->time = t;
            rc = 1;
            goto out;
        }
    }
    rc = 0;
out:
    free(ma.start);
    free(ma.pair);
    free(mb.start);
    free(mb.pair);
    free(dirty);
    free(dlist);
    return rc;
}
