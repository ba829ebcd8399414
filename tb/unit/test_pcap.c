/* SPDX-License-Identifier: MIT */
/*
 * Tests of the pcap export (model/mdd_pcap.h) with an independent decoder: Wireshark's tshark (docs/pcap.md).
 *
 * The traffic generator (model/mdd_trafgen.h) builds random iSCSI and MPA wire streams (digests, CRCs, markers,
 * T10/NVMe PI in the data); mdd_pcap_write() puts them into one TCP connection, a segment per PDU/FPDU; tshark
 * decodes the file with checksum validation on and the test asserts, from its field output and its detail
 * text, that
 *   1. every frame's IPv4 and TCP checksums are Good and the frame count is what the library should write;
 *   2. tshark decodes exactly the generator's PDUs: iSCSI DataSegmentLength / MPA ULPDU_Length, in order;
 *   3. MPA with markers: the FPDU back pointers tshark reads at the positions IT computes (every 512 bytes
 *      from the sequence number of the first FPDU) equal the generator's markers, all of them;
 *   4. every iSCSI header digest, data digest and MPA CRC is reported "(Good CRC32)", none "(Bad CRC32";
 *   5. no expert item of severity Warning or Error, no malformed packet;
 * and negative controls show the checks can fail: one flipped byte of one data digest / MPA CRC gives
 * exactly one Bad verdict, markers counted from the wrong sequence number break MPA decoding.
 * Plus the library's own contract (error messages, stream sequence number, segment planning, file header), and
 * mdd_pcap_write_conns(): its errors and nanosecond stamps, and one capture with an iSCSI, an MPA and a RAW
 * connection interleaved, a segment out of order and one sent twice, which tshark must decode as three
 * connections, every PDU once, every digest Good, every data frame at its stamp and sequence number.
 *
 * Usage: test_pcap [CASES [FIRST_SEED]] (default 36 random cases from seed 1; a failure prints the case's
 * seed and keeps its capture). The last stdout line is "pcap: P passed, F failed". Without tshark on PATH
 * the test FAILS (make deps installs it): a missing decoder must not look like a pass.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mdd/crc.h"
#include "mdd/formats.h"
#include "mdd_pcap.h"
#include "mdd_txcap.h"
#include "mdd_txref.h"
#include "mdd_trafgen.h"
#include "test_util.h"

/* ------------------------------------------------------------------------------------------------------ */
/* tshark.                                                                                                  */

static char tmpdir[256];

/*
 * The preferences every run uses, spelled out so a user profile cannot change the verdicts (the profile
 * directory is an empty one in tmpdir anyway):
 *   - IPv4 and TCP checksum validation ON: the library's checksums are checked too;
 *   - TCP desegmentation and iSCSI reassembly ON: an iSCSI PDU cut into several segments is decoded once;
 *   - TCP sequence analysis with RELATIVE sequence numbers: Wireshark's MPA dissector locates markers with
 *     unsigned arithmetic on tcpinfo->seq that breaks when absolute sequence numbers wrap past 2^32 between
 *     the first FPDU and a later one (seen with tshark 4.0); relative numbers never wrap here;
 *   - the MPA heuristic (iwarp_mpa_tcp) explicitly enabled: MPA has no port and cannot be set with -d;
 *   - iSCSI on its default target port 3260, bogus-PDU filter on (its default);
 *   - DDP/RDMAP off: the generator's ULP headers are random bytes, not DDP, and would show as malformed DDP.
 * iSCSI digests have no preference in Wireshark 4.0 (the 3.x ones are obsolete): the dissector detects a
 * header and a data digest from the CRCs it finds in the session's first PDUs.
 */
static const char *tshark_prefs =
    "-n -o ip.check_checksum:TRUE -o tcp.check_checksum:TRUE -o tcp.desegment_tcp_streams:TRUE "
    "-o tcp.analyze_sequence_numbers:TRUE -o tcp.relative_sequence_numbers:TRUE "
    "-o iscsi.desegment_iscsi_messages:TRUE -o iscsi.bogus_pdu_filter:TRUE -o iscsi.target_ports:3260 "
    "--enable-heuristic iwarp_mpa_tcp --disable-protocol iwarp_ddp_rdmap";

static const char *tshark_fields =
    "-T fields -E separator=/t -E occurrence=a -E 'aggregator=|' -e frame.number -e ip.checksum.status "
    "-e tcp.checksum.status -e iscsi.opcode -e iscsi.datasegmentlength -e iwarp_mpa.ulpdulength "
    "-e iwarp_mpa.marker_fpduptr -e _ws.malformed -e _ws.expert.severity -e _ws.expert.message";

enum { COL_FRAME, COL_IPCK, COL_TCPCK, COL_OPCODE, COL_DSL, COL_ULPDU, COL_FPDUPTR, COL_MALF, COL_SEV, COL_MSG, N_COL };

/*
 * The one expert warning a correct capture still gets: the iSCSI dissector hands Data-In payload to its SCSI
 * layer, which has not seen the SCSI Command that opened the task (the capture starts with the data).
 */
static const char *expert_ok = "Unknown SCSI exchange, can not decode SCSI data";

/* Runs tshark with args on path; returns its stdout (malloc'ed, NUL-terminated) or NULL, *status its exit. */
static char *run_tshark(const char *path, const char *args, int *status)
{
    char cmd[2048], errf[300];
    snprintf(errf, sizeof errf, "%s/tshark.err", tmpdir);
    snprintf(cmd, sizeof cmd, "WIRESHARK_CONFIG_DIR='%s/wsconf' tshark %s %s -r '%s' 2>'%s'", tmpdir, tshark_prefs,
             args, path, errf);
    FILE *p = popen(cmd, "r");
    if (!p) {
        *status = -1;
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t r;
    while (buf && (r = fread(buf + n, 1, cap - n - 1, p)) > 0) {
        n += r;
        if (cap - n < 4096) {
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
    }
    int st = pclose(p);
    *status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    if (buf)
        buf[n] = '\0';
    if (*status != 0) { /* show why */
        FILE *e = fopen(errf, "r");
        char line[512];
        while (e && fgets(line, sizeof line, e))
            if (!strstr(line, "Running as user"))
                printf("  tshark: %s", line);
        if (e)
            fclose(e);
    }
    return buf;
}

/* A growable list of numbers. */
struct ulist {
    uint64_t *v;
    size_t n, cap;
};

static void ul_push(struct ulist *l, uint64_t x)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 64;
        uint64_t *v = realloc(l->v, cap * sizeof *v);
        if (!v) {
            fprintf(stderr, "out of memory\n");
            exit(2);
        }
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = x;
}

/* What tshark said about one capture. */
struct seen {
    size_t frames, ck_bad;         /* frames; frames whose IPv4 or TCP checksum status is not Good (1) */
    struct ulist dsl, ulpdu, fptr; /* iSCSI DataSegmentLength, MPA ULPDU_Length, FPDU back pointers */
    size_t opcodes;                /* iSCSI PDUs */
    size_t sev_warn, malformed;    /* expert items >= Warning (but expert_ok); malformed-packet items */
    size_t no_cmd;                 /* expert_ok items */
    size_t hd_good, hd_bad, dd_good, dd_bad, crc_good, crc_bad; /* verdicts in the detail text */
};

static void seen_free(struct seen *s)
{
    free(s->dsl.v);
    free(s->ulpdu.v);
    free(s->fptr.v);
    memset(s, 0, sizeof *s);
}

/* Splits one fields line into columns (empty ones kept) and collects the numbers. */
static void parse_fields_line(char *line, struct seen *s)
{
    char *col[N_COL] = {0};
    size_t c = 0;
    col[c++] = line;
    for (char *p = line; *p && c < N_COL; p++)
        if (*p == '\t') {
            *p = '\0';
            col[c++] = p + 1;
        }
    if (!col[COL_FRAME] || !*col[COL_FRAME])
        return;
    s->frames++;
    if (!col[COL_IPCK] || strcmp(col[COL_IPCK], "1") || !col[COL_TCPCK] || strcmp(col[COL_TCPCK], "1"))
        s->ck_bad++;
    for (size_t k = COL_OPCODE; k < COL_SEV; k++) {
        if (!col[k] || !*col[k])
            continue;
        char *save = NULL;
        for (char *t = strtok_r(col[k], "|", &save); t; t = strtok_r(NULL, "|", &save)) {
            uint64_t v = strtoull(t, NULL, 0);
            switch (k) {
            case COL_OPCODE: s->opcodes++; break;
            case COL_DSL: ul_push(&s->dsl, v); break;
            case COL_ULPDU: ul_push(&s->ulpdu, v); break;
            case COL_FPDUPTR: ul_push(&s->fptr, v); break;
            case COL_MALF: s->malformed++; break;
            default: break;
            }
        }
    }
    /* expert items: severity and message, occurrence by occurrence */
    char *sv = col[COL_SEV], *msg = col[COL_MSG];
    while (sv && *sv) {
        char *sv_end = strchr(sv, '|'), *msg_end = msg ? strchr(msg, '|') : NULL;
        if (sv_end)
            *sv_end = '\0';
        if (msg_end)
            *msg_end = '\0';
        if (strtoul(sv, NULL, 0) >= 0x00600000u) { /* PI_WARN and above */
            if (msg && !strcmp(msg, expert_ok))
                s->no_cmd++;
            else {
                s->sev_warn++;
                printf("  expert: %s\n", msg ? msg : "?");
            }
        }
        sv = sv_end ? sv_end + 1 : NULL;
        msg = msg_end ? msg_end + 1 : NULL;
    }
}

/* Counts the dissectors' verdicts: they exist only as display text ("0x%08x (Good CRC32)"). */
static void parse_detail(const char *txt, struct seen *s)
{
    const char *p = txt;
    while (p && *p) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        char line[512];
        size_t n = len < sizeof line - 1 ? len : sizeof line - 1;
        memcpy(line, p, n);
        line[n] = '\0';
        bool good = strstr(line, "(Good CRC32)") != NULL, bad = strstr(line, "(Bad CRC32") != NULL;
        if (strstr(line, "HeaderDigest: 0x"))
            s->hd_good += good, s->hd_bad += bad;
        else if (strstr(line, "DataDigest: 0x"))
            s->dd_good += good, s->dd_bad += bad;
        else if (strstr(line, "CRC check: 0x"))
            s->crc_good += good, s->crc_bad += bad;
        p = eol ? eol + 1 : NULL;
    }
}

/* Runs both tshark passes over path. */
static bool decode(const char *path, struct seen *s)
{
    memset(s, 0, sizeof *s);
    int st1 = 0, st2 = 0;
    char *f = run_tshark(path, tshark_fields, &st1);
    char *d = run_tshark(path, "-O iscsi,iwarp_mpa -V", &st2);
    bool ok = check(f && st1 == 0, "tshark -T fields failed (exit %d)", st1) &
              check(d && st2 == 0, "tshark -V failed (exit %d)", st2);
    if (f) {
        char *save = NULL;
        for (char *line = strtok_r(f, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
            parse_fields_line(line, s);
    }
    if (d)
        parse_detail(d, s);
    free(f);
    free(d);
    return ok;
}

/* ------------------------------------------------------------------------------------------------------ */
/* Streams.                                                                                                 */

enum kind { K_ISCSI, K_MPA, K_MPA_MRK };
static const char *kind_name[] = {"iSCSI", "MPA", "MPA+markers"};

/* Draws a random generator configuration of the kind, fixed up for what the capture must contain. */
static void make_cfg(enum kind kd, uint64_t seed, const struct mdd_pcap_conn *c, struct mdd_gen_cfg *cfg)
{
    unsigned proto = kd == K_ISCSI ? MDD_PROTO_ISCSI : MDD_PROTO_MPA;
    uint64_t s = seed;
    do
        mdd_gen_random_cfg(s++ * 7919u + kd, 8, cfg);
    while (cfg->proto != proto);
    cfg->ddig_en = 1; /* iSCSI data digest; MPA: RFC 5044 always has the CRC field, C says it is checked */
    if (kd == K_ISCSI) {
        cfg->hdig_en = 1;
        cfg->mrk_en = 0; /* Wireshark has no iSCSI marker support (docs/pcap.md) */
        /* Wireshark 4.0 adds TotalAHSLength only for SCSI Command PDUs: AHS on a Data-In shifts its digests */
        cfg->ahs_words_max = 0;
        cfg->legal_bhs = 1; /* the generator's random reserved bits fail the dissector's Data-In check */
    } else {
        cfg->mrk_en = kd == K_MPA_MRK;
        cfg->mrk_chk = cfg->mrk_en;
        cfg->mrk_period = cfg->mrk_en ? 512 : 0;
        cfg->mrk_phase = 0; /* wire byte 0 = first marker byte: counted from the first FPDU's sequence number */
    }
    cfg->tcp_seq = mdd_pcap_stream_seq(c);
    /* the capture is TX output: the host image must hold the headers and the PI as they go on the wire */
    cfg->hdr_out = 1;
    if (cfg->dif_op != MDD_DIF_NONE)
        cfg->dif_op = MDD_DIF_CHECK_KEEP;
}

/* Frames the library writes for n_seg data segments (see mdd_pcap_write). */
static size_t expected_frames(const struct mdd_pcap_conn *c, size_t n_seg)
{
    size_t n = 3 + 3; /* handshake, close */
    if (c->proto == MDD_PROTO_MPA)
        n += 2 + (c->stream_from_server ? 1 : 0);
    n += n_seg + n_seg / 2 + (n_seg % 2); /* segments; an ACK after every second one and after the last */
    return n;
}

/* The generator's FPDU back pointers, in wire order (marker bytes 2..3, big-endian). */
static void gen_markers(const struct mdd_gen_stream *s, struct ulist *l)
{
    for (size_t i = 0; i + 3 < s->wire_len; i++)
        if ((s->tag[i] & MDD_TAG_KIND_MASK) >> MDD_TAG_KIND_LSB == MDD_KIND_MRK && (s->aux[i] & 7) == 0)
            ul_push(l, (uint64_t)s->wire[i + 2] << 8 | s->wire[i + 3]);
}

static bool lists_equal(const struct ulist *a, const uint64_t *b, size_t nb, const char *what)
{
    if (!check(a->n == nb, "%s: tshark reports %zu, generator built %zu", what, a->n, nb))
        return false;
    for (size_t i = 0; i < nb; i++)
        if (!check(a->v[i] == b[i], "%s #%zu: tshark %" PRIu64 ", generator %" PRIu64, what, i, a->v[i], b[i]))
            return false;
    return true;
}

struct stats {
    unsigned long cases[3], pdus, markers, segs, pi_cases, split_cases, wrap_cases, server_cases, redrawn;
};

/* Index of the first PDU with a data segment (n_pdus if none). */
static uint32_t first_data_pdu(const struct mdd_gen_stream *s)
{
    uint32_t k = 0;
    while (k < s->n_pdus && s->pdu_data_len[k] == 0)
        k++;
    return k;
}

/*
 * FPDUs that hold a marker and end exactly where the next marker starts. Wireshark 4.0 counts that next
 * marker (the first bytes of the FOLLOWING FPDU, D-034) as one more marker of this FPDU: its marker count
 * is ((length - offset of the first marker) / 512) + 1, one too many when the difference is a multiple of
 * 512. It then expects 4 more bytes, reassembles the FPDU with the next segment and loses both.
 */
static unsigned mpa_fpdus_on_marker_edge(const struct mdd_gen_stream *s)
{
    unsigned n = 0;
    if (!s->cfg.mrk_en)
        return 0;
    for (uint32_t k = 0; k < s->n_pdus; k++) {
        uint64_t end = (uint64_t)s->cfg.mrk_phase + s->pdu_end[k] + 1; /* position after the FPDU */
        bool has_marker = false;
        for (uint32_t i = s->pdu_start[k] >= 4 ? s->pdu_start[k] - 4 : 0; i <= s->pdu_end[k] && !has_marker; i++)
            has_marker = (s->tag[i] & MDD_TAG_KIND_MASK) >> MDD_TAG_KIND_LSB == MDD_KIND_MRK &&
                         s->pdu_of[i] == k;
        n += has_marker && end % s->cfg.mrk_period == 0;
    }
    return n;
}

/* One decoded capture of a stream: what tshark saw. */
static bool write_and_decode(const struct mdd_pcap_conn *c, const struct mdd_gen_stream *s, const size_t *seg_end,
                             size_t n_seg, const char *path, struct seen *sn)
{
    char err[256];
    memset(sn, 0, sizeof *sn);
    if (!check(mdd_pcap_write(path, c, s->wire, s->wire_len, seg_end, n_seg, err, sizeof err) == 0,
               "mdd_pcap_write: %s", err))
        return false;
    return decode(path, sn);
}

static size_t *plan_segments(const struct mdd_gen_stream *s, size_t mss, size_t n_whole, size_t *n_seg)
{
    *n_seg = mdd_pcap_seg_count(s->pdu_end, s->n_pdus, s->wire_len, mss, n_whole);
    size_t *seg_end = xmalloc(*n_seg * sizeof *seg_end);
    check(mdd_pcap_seg_at_pdus(s->pdu_end, s->n_pdus, s->wire_len, mss, n_whole, seg_end) == *n_seg,
          "segment count and segment plan disagree");
    return seg_end;
}

/*
 * One random case: build, write, decode, compare. mutate: 0 = none; 1 = flip one byte of one data digest
 * (iSCSI) or FPDU CRC (MPA) and expect exactly one Bad verdict; 2 = MPA markers counted from the wrong
 * sequence number (the first byte after the SYN) and expect the decode to break.
 */
static void run_case(enum kind kd, uint64_t seed, int mutate, struct stats *st)
{
    rng_state = seed * 0x2545F4914F6CDD1Dull + (uint64_t)kd * 31 + (uint64_t)mutate;
    const unsigned long failed_before = failed; /* a failed check of this case keeps its capture */
    struct mdd_pcap_conn c;
    mdd_pcap_conn_init(&c, kd == K_ISCSI ? MDD_PROTO_ISCSI : MDD_PROTO_MPA);
    c.client_isn = (uint32_t)rnd();
    c.server_isn = (uint32_t)rnd();
    c.client_port = (uint16_t)(49152 + below(16000));
    if (kd == K_ISCSI) {
        c.stream_from_server = 1; /* Data-In: the target (port 3260) sends */
    } else {
        c.stream_from_server = below(4) == 0;
        c.mpa_markers = kd == K_MPA_MRK;
        c.mpa_pd_len = below(3) == 0 ? 0 : below(5) == 0 ? (unsigned)(100 + below(413)) : (unsigned)below(17);
        if (mutate == 2) /* keep 20 + pd_len off a multiple of 512, or the wrong phase would be the right one */
            c.mpa_pd_len = (unsigned)below(17);
    }
    /* sometimes a sender ISN just below 2^32, so the sequence numbers wrap inside the stream */
    if (below(4) == 0) {
        uint32_t isn = 0u - (uint32_t)(1 + below(3000));
        if (c.stream_from_server)
            c.server_isn = isn;
        else
            c.client_isn = isn;
    }
    label("%s seed %" PRIu64 "%s pd %u isn %08" PRIx32 "%s", kind_name[kd], seed,
          mutate == 1 ? " flip" : mutate == 2 ? " wrong-phase" : "", c.mpa_pd_len,
          c.stream_from_server ? c.server_isn : c.client_isn, c.stream_from_server ? " from-server" : "");

    /* MPA with markers: draw again while an FPDU ends on a marker position (Wireshark 4.0 miscounts those,
     * see mpa_fpdus_on_marker_edge); counted and reported, and shown by quirk_probes() */
    struct mdd_gen_cfg cfg;
    struct mdd_gen_stream s;
    int built = -1;
    for (unsigned attempt = 0; attempt < 64; attempt++) {
        make_cfg(kd, seed + attempt * 100003u, &c, &cfg);
        if (mutate == 2) /* the misreading: markers counted from the first data byte (ISN + 1) */
            cfg.mrk_phase = (mdd_pcap_stream_seq(&c) - ((c.stream_from_server ? c.server_isn : c.client_isn) + 1u)) %
                            512u;
        built = mdd_gen_build(&cfg, seed + attempt * 100003u, &s);
        if (built != 0 || mutate == 2 || mpa_fpdus_on_marker_edge(&s) == 0)
            break;
        mdd_gen_free(&s);
        built = -1;
        if (mutate == 0)
            st->redrawn++;
    }
    if (!check(built == 0, "mdd_gen_build failed (or 64 draws with an FPDU on a marker edge)"))
        return;
    /* what the capture carries is what the TX path generates from the host image (the reference transmitter,
     * which the TX lockstep suites hold the RTL to); it must equal the generator's wire stream */
    {
        struct mdd_txref_result r;
        if (!check(mdd_txcap_transmit(&s, &r) == 0, "TX of the host image failed"))
            goto out_nofree;
        bool same = r.out_len == s.wire_len && memcmp(r.out, s.wire, s.wire_len) == 0 && r.n_ev == 0;
        check(same, "TX output (%zu bytes, %zu events) differs from the generator's wire (%zu bytes)", r.out_len,
              r.n_ev, s.wire_len);
        if (same)
            memcpy(s.wire, r.out, s.wire_len);
        mdd_txref_free(&r);
        if (!same)
            goto out_nofree;
    }

    /* iSCSI: a segment size that cuts some PDUs (every PDU whole in a quarter of the cases) */
    size_t mss = 0;
    if (kd == K_ISCSI && below(4) != 0) {
        uint32_t longest = 0;
        for (uint32_t k = 0; k < s.n_pdus; k++)
            if (s.pdu_end[k] - s.pdu_start[k] + 1 > longest)
                longest = s.pdu_end[k] - s.pdu_start[k] + 1;
        mss = below(3) == 0 ? 1448 : (size_t)(64 + below(longest));
    }
    uint32_t fd = first_data_pdu(&s);
    size_t n_seg;
    size_t *seg_end = plan_segments(&s, mss, kd == K_ISCSI ? fd + 1 : 0, &n_seg);
    if (mss) {
        size_t l = strlen(ctx_label);
        snprintf(ctx_label + l, sizeof ctx_label - l, " mss %zu", mss);
    }

    /* the control's corruption: one byte of the CRC field of one PDU; iSCSI: a data PDU after the first one,
     * from which Wireshark learns that data digests are in use at all */
    uint32_t victim = MDD_GEN_NONE;
    if (mutate == 1) {
        for (int tries = 0; tries < 1000 && victim == MDD_GEN_NONE; tries++) {
            uint32_t k = (uint32_t)below(s.n_pdus);
            if (kd != K_ISCSI || (k > fd && s.pdu_data_len[k] > 0))
                victim = k;
        }
        if (!check(victim != MDD_GEN_NONE, "no PDU to corrupt (need a second data PDU)"))
            goto out;
        s.wire[s.pdu_end[victim] - below(4)] ^= (uint8_t)(1u << below(8));
    }

    char path[300];
    snprintf(path, sizeof path, "%s/case.pcap", tmpdir);
    struct seen sn;
    if (!write_and_decode(&c, &s, seg_end, n_seg, path, &sn))
        goto out_seen;
    uint32_t n_data = 0;
    uint64_t *want_len = xmalloc(s.n_pdus * sizeof *want_len);
    for (uint32_t k = 0; k < s.n_pdus; k++) {
        n_data += s.pdu_data_len[k] > 0;
        /* iSCSI DataSegmentLength; MPA ULPDU_Length = ULP header + payload (hdr_len counts the 2 length bytes) */
        want_len[k] = kd == K_ISCSI ? s.pdu_data_len[k] : s.pdu_hdr_len[k] - 2 + s.pdu_data_len[k];
    }

    check(sn.frames == expected_frames(&c, n_seg), "frames: tshark %zu, expected %zu", sn.frames,
          expected_frames(&c, n_seg));
    check(sn.ck_bad == 0, "%zu frames with an IPv4/TCP checksum status other than Good", sn.ck_bad);

    if (mutate == 2) {
        /* markers where Wireshark does not expect them: FPDUs fail its ULPDU_Length check or their CRC */
        check(sn.ulpdu.n < s.n_pdus || sn.crc_good < s.n_pdus,
              "wrong marker phase went unnoticed: %zu FPDUs decoded, %zu good CRCs of %u", sn.ulpdu.n,
              sn.crc_good, s.n_pdus);
    } else if (kd == K_ISCSI) {
        check(sn.opcodes == s.n_pdus, "iSCSI PDUs: tshark %zu, generator %u", sn.opcodes, s.n_pdus);
        lists_equal(&sn.dsl, want_len, s.n_pdus, "DataSegmentLength");
        check(sn.hd_good == s.n_pdus && sn.hd_bad == 0, "header digests: %zu good %zu bad, want %u good",
              sn.hd_good, sn.hd_bad, s.n_pdus);
        if (mutate == 1)
            check(sn.dd_good == n_data - 1 && sn.dd_bad == 1,
                  "data digests after one flip in PDU %u: %zu good %zu bad, want %u good 1 bad", victim, sn.dd_good,
                  sn.dd_bad, n_data - 1);
        else
            check(sn.dd_good == n_data && sn.dd_bad == 0, "data digests: %zu good %zu bad, want %u good",
                  sn.dd_good, sn.dd_bad, n_data);
        check(sn.ulpdu.n == 0 && sn.crc_good + sn.crc_bad == 0, "MPA items in an iSCSI capture");
    } else {
        lists_equal(&sn.ulpdu, want_len, s.n_pdus, "ULPDU_Length");
        if (mutate == 1)
            check(sn.crc_good == s.n_pdus - 1 && sn.crc_bad == 1,
                  "FPDU CRCs after one flip in FPDU %u: %zu good %zu bad, want %u good 1 bad", victim, sn.crc_good,
                  sn.crc_bad, s.n_pdus - 1);
        else
            check(sn.crc_good == s.n_pdus && sn.crc_bad == 0, "FPDU CRCs: %zu good %zu bad, want %u good",
                  sn.crc_good, sn.crc_bad, s.n_pdus);
        struct ulist gm = {0};
        gen_markers(&s, &gm);
        check(gm.n == s.n_markers, "generator: %zu marker starts, n_markers %u", gm.n, s.n_markers);
        lists_equal(&sn.fptr, gm.v, gm.n, "FPDU back pointers");
        free(gm.v);
        check(sn.opcodes == 0 && sn.hd_good + sn.hd_bad + sn.dd_good + sn.dd_bad == 0, "iSCSI items in an MPA capture");
        check(sn.no_cmd == 0, "iSCSI/SCSI warnings in an MPA capture");
    }
    if (mutate != 2) {
        check(sn.sev_warn == 0, "%zu expert items of severity Warning or Error", sn.sev_warn);
        check(sn.malformed == 0, "%zu malformed-packet items", sn.malformed);
    }
    if (mutate == 0) {
        uint32_t seq0 = mdd_pcap_stream_seq(&c);
        st->cases[kd]++;
        st->pdus += s.n_pdus;
        st->markers += s.n_markers;
        st->segs += n_seg;
        st->pi_cases += cfg.dif_op != MDD_DIF_NONE;
        st->split_cases += n_seg > s.n_pdus;
        st->wrap_cases += (uint64_t)seq0 + s.wire_len > 0x100000000ull;
        st->server_cases += c.stream_from_server && kd != K_ISCSI;
    }
    free(want_len);
out_seen:
    seen_free(&sn);
    if (failed != failed_before) { /* keep the capture for a look with Wireshark */
        char keep[320];
        snprintf(keep, sizeof keep, "%s/fail_%s_%" PRIu64 "_%d.pcap", tmpdir,
                 kd == K_ISCSI ? "iscsi" : kd == K_MPA ? "mpa" : "mpamrk", seed, mutate);
        if (rename(path, keep) == 0)
            printf("  capture kept: %s\n", keep);
    }
out:
    free(seg_end);
out_nofree:
    mdd_gen_free(&s);
}

/*
 * What Wireshark 4.0 does with two correct streams it cannot decode, printed for the record (docs/pcap.md),
 * not asserted: a tshark that fixes them must not fail the build.
 *   - MPA: an FPDU holding a marker that ends where the next marker starts (mpa_fpdus_on_marker_edge);
 *   - iSCSI: the first data PDU cut over two segments (Wireshark then assumes no data digests).
 */
static void quirk_probes(void)
{
    char path[300];
    snprintf(path, sizeof path, "%s/probe.pcap", tmpdir);
    struct mdd_pcap_conn c;
    mdd_pcap_conn_init(&c, MDD_PROTO_MPA);
    c.mpa_markers = 1;
    for (uint64_t seed = 5000; seed < 5400; seed++) {
        struct mdd_gen_cfg cfg;
        struct mdd_gen_stream s;
        make_cfg(K_MPA_MRK, seed, &c, &cfg);
        if (mdd_gen_build(&cfg, seed, &s) != 0)
            continue;
        unsigned edge = mpa_fpdus_on_marker_edge(&s);
        if (edge) {
            label("probe: MPA marker edge, seed %" PRIu64, seed);
            size_t n_seg;
            size_t *seg_end = plan_segments(&s, 0, 0, &n_seg);
            struct seen sn;
            if (write_and_decode(&c, &s, seg_end, n_seg, path, &sn))
                printf("info: MPA stream (seed %" PRIu64 ") with %u of %u FPDUs ending on a marker position: tshark "
                       "decodes %zu FPDUs, %zu good CRCs, %zu bad\n",
                       seed, edge, s.n_pdus, sn.ulpdu.n, sn.crc_good, sn.crc_bad);
            seen_free(&sn);
            free(seg_end);
            mdd_gen_free(&s);
            break;
        }
        mdd_gen_free(&s);
    }
    mdd_pcap_conn_init(&c, MDD_PROTO_ISCSI);
    c.stream_from_server = 1;
    for (uint64_t seed = 5000; seed < 5400; seed++) {
        struct mdd_gen_cfg cfg;
        struct mdd_gen_stream s;
        make_cfg(K_ISCSI, seed, &c, &cfg);
        if (mdd_gen_build(&cfg, seed, &s) != 0)
            continue;
        uint32_t fd = first_data_pdu(&s);
        if (fd < s.n_pdus && s.pdu_end[fd] - s.pdu_start[fd] + 1 > 600) {
            label("probe: iSCSI first data PDU split, seed %" PRIu64, seed);
            size_t n_seg;
            size_t *seg_end = plan_segments(&s, 256, 0, &n_seg);
            struct seen sn;
            uint32_t n_data = 0;
            for (uint32_t k = 0; k < s.n_pdus; k++)
                n_data += s.pdu_data_len[k] > 0;
            if (write_and_decode(&c, &s, seg_end, n_seg, path, &sn))
                printf("info: iSCSI stream (seed %" PRIu64 ") with its first data PDU cut into 256-byte segments: "
                       "tshark decodes %zu of %u PDUs, %zu of %u data digests good\n",
                       seed, sn.opcodes, s.n_pdus, sn.dd_good, n_data);
            seen_free(&sn);
            free(seg_end);
            mdd_gen_free(&s);
            break;
        }
        mdd_gen_free(&s);
    }
    remove(path);
}

/* ------------------------------------------------------------------------------------------------------ */
/* The library's own contract, no tshark needed.                                                            */

static uint32_t le32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }

static void test_api(void)
{
    char path[300], err[256];
    snprintf(path, sizeof path, "%s/api.pcap", tmpdir);
    struct mdd_pcap_conn c;
    uint8_t wire[70000];
    for (size_t i = 0; i < sizeof wire; i++)
        wire[i] = (uint8_t)i;

    label("api: stream sequence number");
    mdd_pcap_conn_init(&c, MDD_PROTO_MPA);
    c.client_isn = 0xFFFFFFF0u;
    c.mpa_pd_len = 7;
    check(mdd_pcap_stream_seq(&c) == 0xFFFFFFF0u + 1 + 20 + 7, "MPA client stream seq %08" PRIx32,
          mdd_pcap_stream_seq(&c));
    c.stream_from_server = 1;
    check(mdd_pcap_stream_seq(&c) == c.server_isn + 1 + 20 + 7, "MPA server stream seq");
    mdd_pcap_conn_init(&c, MDD_PROTO_ISCSI);
    check(c.stream_from_server == 1 && mdd_pcap_stream_seq(&c) == c.server_isn + 1, "iSCSI: the target sends");
    check(c.server_port == 3260 && c.client_port != 0, "iSCSI default ports %u -> %u", c.client_port, c.server_port);

    label("api: errors");
    size_t big[2] = {100, 100 + MDD_PCAP_MAX_SEG + 1};
    check(mdd_pcap_write(path, &c, wire, big[1], big, 2, err, sizeof err) == -1 && strstr(err, "segment 1") &&
              strstr(err, "65495"),
          "oversize segment: \"%s\"", err);
    size_t ok1[1] = {MDD_PCAP_MAX_SEG};
    check(mdd_pcap_write(path, &c, wire, MDD_PCAP_MAX_SEG, ok1, 1, err, sizeof err) == 0,
          "a segment of exactly %u bytes: \"%s\"", MDD_PCAP_MAX_SEG, err);
    size_t back[3] = {10, 10, 20};
    check(mdd_pcap_write(path, &c, wire, 20, back, 3, err, sizeof err) == -1 && strstr(err, "segment 1"),
          "empty segment: \"%s\"", err);
    size_t short_end[1] = {19};
    check(mdd_pcap_write(path, &c, wire, 20, short_end, 1, err, sizeof err) == -1 && strstr(err, "stream end"),
          "segments not covering the stream: \"%s\"", err);
    check(mdd_pcap_write(path, &c, wire, 20, NULL, 0, err, sizeof err) == -1, "bytes without segments");
    struct mdd_pcap_conn m;
    mdd_pcap_conn_init(&m, MDD_PROTO_MPA);
    m.mpa_pd_len = 513;
    check(mdd_pcap_write(path, &m, wire, 0, NULL, 0, err, sizeof err) == -1 && strstr(err, "512"),
          "private data over 512: \"%s\"", err);
    m.mpa_pd_len = 0;
    m.proto = MDD_PROTO_RAW;
    check(mdd_pcap_write(path, &m, wire, 0, NULL, 0, err, sizeof err) == -1 && strstr(err, "neither"),
          "RAW protocol: \"%s\"", err);
    char nodir[320];
    snprintf(nodir, sizeof nodir, "%s/no/such/dir.pcap", tmpdir);
    check(mdd_pcap_write(nodir, &c, wire, 0, NULL, 0, err, sizeof err) == -1 && strstr(err, "cannot create"),
          "unwritable path: \"%s\"", err);

    struct stat dev;
    if (stat("/dev/full", &dev) == 0) { /* every write fails with ENOSPC: the error must say so */
        size_t one[1] = {64};
        check(mdd_pcap_write("/dev/full", &c, wire, 64, one, 1, err, sizeof err) == -1 && strstr(err, "failed") &&
                  stat("/dev/full", &dev) == 0,
              "write to /dev/full: \"%s\" (and the device must stay)", err);
    }

    label("api: segment planning");
    uint32_t pdu_end[3] = {99, 4099, 4199}; /* PDUs of 100, 4000, 100 bytes, then 50 trailing bytes */
    size_t n = mdd_pcap_seg_count(pdu_end, 3, 4250, 1500, 0);
    size_t se[16] = {0};
    size_t n2 = mdd_pcap_seg_at_pdus(pdu_end, 3, 4250, 1500, 0, se);
    const size_t want[] = {100, 1600, 3100, 4100, 4200, 4250};
    check(n == 6 && n2 == 6 && memcmp(se, want, sizeof want) == 0, "segments %zu/%zu: %zu %zu %zu %zu %zu %zu", n,
          n2, se[0], se[1], se[2], se[3], se[4], se[5]);
    check(mdd_pcap_seg_count(pdu_end, 3, 4250, 0, 0) == 4, "max_seg 0 means the IPv4 limit");
    n = mdd_pcap_seg_at_pdus(pdu_end, 3, 4250, 1500, 2, se); /* PDUs 0 and 1 whole */
    const size_t want_whole[] = {100, 4100, 4200, 4250};
    check(n == 4 && memcmp(se, want_whole, sizeof want_whole) == 0, "n_whole 2: %zu segments: %zu %zu %zu %zu", n,
          se[0], se[1], se[2], se[3]);

    label("api: file layout");
    size_t seg[2] = {30, 64};
    mdd_pcap_conn_init(&c, MDD_PROTO_ISCSI);
    if (check(mdd_pcap_write(path, &c, wire, 64, seg, 2, err, sizeof err) == 0, "write: %s", err)) {
        uint8_t f[4096];
        FILE *fp = fopen(path, "rb");
        size_t got = fp ? fread(f, 1, sizeof f, fp) : 0;
        if (fp)
            fclose(fp);
        /* global header, then SYN: 16-byte record header + 14 Ethernet + 20 IPv4 + 28 TCP (MSS, NOP, WS) */
        check(got > 24 + 16 + 62 && le32(f) == 0xA1B2C3D4u && f[4] == 2 && f[6] == 4 && le32(f + 16) == 262144 &&
                  le32(f + 20) == 1,
              "pcap global header");
        check(le32(f + 24 + 8) == 62 && le32(f + 24 + 12) == 62, "SYN record length %" PRIu32, le32(f + 24 + 8));
        const uint8_t *syn = f + 24 + 16;
        check(syn[12] == 0x08 && syn[13] == 0x00 && syn[14] == 0x45 && syn[14 + 9] == 6 &&
                  syn[14 + 20 + 13] == 0x02,
              "SYN: Ethernet type, IPv4, TCP, SYN flag");
        uint32_t seq = (uint32_t)syn[38] << 24 | syn[39] << 16 | syn[40] << 8 | syn[41];
        check(seq == c.client_isn, "SYN sequence number %08" PRIx32 " = client ISN", seq);
    }
    remove(path);
}

/* ------------------------------------------------------------------------------------------------------ */

static void rm_tree(void)
{
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmpdir);
}

/* ------------------------------------------------------------------------------------------------------ */
/* Several connections in one capture (mdd_pcap_write_conns, the core harness's captures).                  */

/* One data segment of test_conns: its stream (0 iSCSI, 1 MPA, 2 RAW), planned segment, and repetition. */
struct cseg {
    unsigned conn, k;
};

/*
 * An iSCSI, an MPA (markers) and a RAW connection in one capture, their segments interleaved in time, with a
 * RAW segment before the one it follows (out of order) and an iSCSI segment sent twice (a retransmission), on
 * nanosecond stamps 4 ns apart (one 250 MHz cycle). tshark must find the three connections, every PDU once, all
 * digests and CRCs Good, every data frame at its own stamp and sequence number, and the repeat flagged.
 */
static void test_conns_decode(uint64_t seed)
{
    char path[300];
    snprintf(path, sizeof path, "%s/conns.pcap", tmpdir);
    struct mdd_pcap_conn c[3];
    mdd_pcap_conn_init(&c[0], MDD_PROTO_ISCSI);
    mdd_pcap_conn_init(&c[1], MDD_PROTO_MPA);
    mdd_pcap_conn_init(&c[2], MDD_PROTO_RAW);
    c[1].mpa_markers = 1;
    c[1].client_port++;
    c[2].client_port += 2;
    c[2].client_isn = 0xFFFFFF00u; /* RAW: the stream crosses the 2^32 wrap */
    struct mdd_gen_stream s[2];
    struct mdd_gen_cfg cfg;
    bool ok = true;
    for (unsigned i = 0; i < 2; i++) {
        for (uint64_t k = seed;; k++) { /* an MPA stream Wireshark 4.0 counts markers in right (see run_case) */
            make_cfg(i ? K_MPA_MRK : K_ISCSI, k, &c[i], &cfg);
            cfg.n_pdus = 6;
            ok &= mdd_gen_build(&cfg, k, &s[i]) == 0;
            if (!ok || !i || mpa_fpdus_on_marker_edge(&s[i]) == 0)
                break;
            mdd_gen_free(&s[i]);
        }
    }
    if (!check(ok, "mdd_gen_build failed"))
        return;
    uint8_t raw[300];
    for (size_t i = 0; i < sizeof raw; i++)
        raw[i] = (uint8_t)rnd();
    size_t n_seg[3], *seg_end[3];
    seg_end[0] = plan_segments(&s[0], 0, first_data_pdu(&s[0]) + 1, &n_seg[0]);
    seg_end[1] = plan_segments(&s[1], 0, 0, &n_seg[1]);
    n_seg[2] = 3;
    seg_end[2] = xmalloc(3 * sizeof *seg_end[2]);
    for (size_t k = 0; k < 3; k++)
        seg_end[2][k] = 100 * (k + 1);
    /* the order on the wire: round robin, RAW 1 before RAW 0, iSCSI 1 again after MPA 1 */
    struct cseg order[64];
    size_t n = 0, next[3] = {0, 0, 0};
    const struct cseg first[] = {{0, 0}, {1, 0}, {2, 1}, {0, 1}, {2, 0}, {1, 1}, {0, 1}, {2, 2}};
    for (size_t i = 0; i < sizeof first / sizeof first[0]; i++)
        order[n++] = first[i];
    next[0] = next[1] = 2;
    next[2] = 3;
    for (bool more = true; more && n + 2 < sizeof order / sizeof order[0];) {
        more = false;
        for (unsigned i = 0; i < 2; i++)
            if (next[i] < n_seg[i]) {
                order[n++] = (struct cseg){i, (unsigned)next[i]++};
                more = true;
            }
    }
    struct mdd_pcap_seg g[64];
    const uint64_t t0 = 1000000000ull * 7 + 4; /* 7 s and one cycle after the epoch */
    for (size_t i = 0; i < n; i++) {
        const unsigned cn = order[i].conn, k = order[i].k;
        const size_t a = k ? seg_end[cn][k - 1] : 0;
        const uint8_t *w = cn < 2 ? s[cn].wire : raw;
        g[i] = (struct mdd_pcap_seg){cn, a, w + a, seg_end[cn][k] - a, t0 + 4 * i};
    }
    char err[256];
    size_t frames = 0;
    label("conns: tshark, seed %" PRIu64, seed);
    if (check(mdd_pcap_write_conns(path, c, 3, g, n, &frames, err, sizeof err) == 0, "write: %s", err)) {
        struct seen sn;
        if (decode(path, &sn)) {
            size_t hd = 0, dd = 0;
            for (uint32_t k = 0; k < s[0].n_pdus; k++)
                dd += s[0].pdu_data_len[k] > 0;
            hd = s[0].n_pdus;
            check(sn.frames == frames && sn.ck_bad == 0, "%zu frames (%zu with bad checksums), the writer says %zu",
                  sn.frames, sn.ck_bad, frames);
            check(sn.opcodes == s[0].n_pdus && sn.ulpdu.n == s[1].n_pdus,
                  "tshark decodes %zu iSCSI PDUs and %zu FPDUs, the streams hold %" PRIu32 " and %" PRIu32,
                  sn.opcodes, sn.ulpdu.n, s[0].n_pdus, s[1].n_pdus);
            check(sn.hd_good == hd && sn.dd_good == dd && sn.crc_good == s[1].n_pdus &&
                      sn.hd_bad + sn.dd_bad + sn.crc_bad == 0,
                  "verdicts: header %zu/%zu, data %zu/%zu, CRC %zu/%" PRIu32 " Good; %zu Bad", sn.hd_good, hd,
                  sn.dd_good, dd, sn.crc_good, s[1].n_pdus, sn.hd_bad + sn.dd_bad + sn.crc_bad);
            seen_free(&sn);
        }
        /* every data frame at its own stamp and sequence number, in the order given; the repeat flagged */
        int st = 0;
        char *f = run_tshark(path,
                             "-T fields -E separator=/t -e tcp.srcport -e tcp.len -e tcp.seq_raw -e frame.time_epoch "
                             "-e tcp.analysis.retransmission -e tcp.stream",
                             &st);
        size_t i = 0, retrans = 0, streams = 0, bad = 0;
        char *save = NULL;
        for (char *line = f && st == 0 ? strtok_r(f, "\n", &save) : NULL; line; line = strtok_r(NULL, "\n", &save)) {
            /* columns: port, length, sequence number, stamp, retransmission flag ("" or "1"), stream */
            char *col[6] = {line};
            size_t nc = 1;
            for (char *q = line; *q && nc < 6; q++)
                if (*q == '\t') {
                    *q = '\0';
                    col[nc++] = q + 1;
                }
            if (nc < 6)
                continue;
            const unsigned sport = (unsigned)strtoul(col[0], NULL, 10), len = (unsigned)strtoul(col[1], NULL, 10);
            const uint32_t seq = (uint32_t)strtoull(col[2], NULL, 10);
            unsigned long long sec = 0, frac = 0;
            sscanf(col[3], "%llu.%llu", &sec, &frac);
            const size_t stream = strtoul(col[5], NULL, 10);
            streams = stream + 1 > streams ? stream + 1 : streams;
            /* a data frame: from a stream's sender, with bytes at or after its first stream byte (not the MPA
             * Request before it) */
            const struct mdd_pcap_conn *cs = NULL;
            for (unsigned k = 0; k < 3; k++)
                if (sport == (c[k].stream_from_server ? c[k].server_port : c[k].client_port))
                    cs = &c[k];
            if (!cs || len == 0 || seq - mdd_pcap_stream_seq(cs) > 0x7FFFFFFFu)
                continue;
            if (!check(i < n, "more data frames than the %zu written", n))
                break;
            const struct mdd_pcap_seg *e = &g[i];
            const uint32_t want = mdd_pcap_stream_seq(&c[e->conn]) + (uint32_t)e->off;
            bad += !check(cs == &c[e->conn] && len == e->len && seq == want && sec * 1000000000ull + frac == e->t_ns,
                          "data frame %zu: %u bytes at seq %" PRIu32 ", %llu.%09llu s; written %zu bytes at seq %" PRIu32
                          ", %" PRIu64 " ns",
                          i, len, seq, sec, frac, e->len, want, e->t_ns);
            const bool rt = col[4][0] == '1';
            retrans += rt;
            check(rt == (i == 6), "data frame %zu: retransmission flag \"%s\"", i, col[4]);
            i++;
        }
        check(i == n && bad == 0 && streams == 3 && retrans == 1,
              "%zu of %zu data frames as written, %zu TCP streams, %zu flagged retransmissions", i - bad, n, streams,
              retrans);
        free(f);
    }
    for (unsigned i = 0; i < 3; i++)
        free(seg_end[i]);
    mdd_gen_free(&s[0]);
    mdd_gen_free(&s[1]);
}

/* The contract of mdd_pcap_write_conns without tshark: its errors, the file header, the time stamps. */
static void test_conns_api(void)
{
    char path[300], err[256];
    snprintf(path, sizeof path, "%s/conns-api.pcap", tmpdir);
    uint8_t wire[64] = {0};
    struct mdd_pcap_conn c[2];
    mdd_pcap_conn_init(&c[0], MDD_PROTO_ISCSI);
    mdd_pcap_conn_init(&c[1], MDD_PROTO_RAW);
    check(c[1].server_port == MDD_PCAP_PORT_RAW && c[1].stream_from_server == 0, "RAW defaults: port %u",
          c[1].server_port);
    const uint64_t t = 1234567890123ull;
    struct mdd_pcap_seg g[3] = {{0, 0, wire, 10, t}, {1, 0, wire, 20, t}, {0, 10, wire, 5, t + 4}};
    size_t frames = 0;

    label("conns: errors");
    struct mdd_pcap_seg e[3];
    memcpy(e, g, sizeof e);
    e[1].conn = 2;
    check(mdd_pcap_write_conns(path, c, 2, e, 3, NULL, err, sizeof err) == -1 && strstr(err, "segment 1") &&
              strstr(err, "connection 2 of 2"),
          "connection out of range: \"%s\"", err);
    memcpy(e, g, sizeof e);
    e[2].len = 0;
    check(mdd_pcap_write_conns(path, c, 2, e, 3, NULL, err, sizeof err) == -1 && strstr(err, "segment 2") &&
              strstr(err, "holds 0 bytes"),
          "empty segment: \"%s\"", err);
    e[2].len = MDD_PCAP_MAX_SEG + 1;
    check(mdd_pcap_write_conns(path, c, 2, e, 3, NULL, err, sizeof err) == -1 && strstr(err, "65495"),
          "oversize segment: \"%s\"", err);
    memcpy(e, g, sizeof e);
    e[2].off = 0x7FFFFFFFu - 4;
    check(mdd_pcap_write_conns(path, c, 2, e, 3, NULL, err, sizeof err) == -1 && strstr(err, "2^31"),
          "beyond the sequence space: \"%s\"", err);
    memcpy(e, g, sizeof e);
    e[2].t_ns = t - 1;
    check(mdd_pcap_write_conns(path, c, 2, e, 3, NULL, err, sizeof err) == -1 && strstr(err, "segment 2") &&
              strstr(err, "before segment 1"),
          "time going back: \"%s\"", err);
    struct mdd_pcap_conn d[2] = {c[0], c[0]};
    check(mdd_pcap_write_conns(path, d, 2, g, 1, NULL, err, sizeof err) == -1 && strstr(err, "connections 0 and 1") &&
              strstr(err, "10.0.0.1:49152 -> 10.0.0.2:3260"),
          "two connections on one address and port pair: \"%s\"", err);
    d[1].proto = 3;
    d[1].client_port++;
    check(mdd_pcap_write_conns(path, d, 2, g, 1, NULL, err, sizeof err) == -1 && strstr(err, "connection 1") &&
              strstr(err, "is not iSCSI"),
          "protocol 3: \"%s\"", err);

    label("conns: file layout");
    if (check(mdd_pcap_write_conns(path, c, 2, g, 3, &frames, err, sizeof err) == 0, "write: %s", err)) {
        check(frames == expected_frames(&c[0], 2) + expected_frames(&c[1], 1), "%zu frames written, expected %zu",
              frames, expected_frames(&c[0], 2) + expected_frames(&c[1], 1));
        uint8_t f[4096];
        FILE *fp = fopen(path, "rb");
        size_t got = fp ? fread(f, 1, sizeof f, fp) : 0;
        if (fp)
            fclose(fp);
        /* nanosecond magic; the SYN (before the first segment) carries that segment's stamp */
        check(got > 24 + 16 && le32(f) == 0xA1B23C4Du && f[4] == 2 && f[6] == 4, "pcap global header (ns)");
        check(le32(f + 24) == (uint32_t)(t / 1000000000u) && le32(f + 28) == (uint32_t)(t % 1000000000u),
              "first stamp %" PRIu32 ".%09" PRIu32 ", written %" PRIu64 " ns", le32(f + 24), le32(f + 28), t);
    }
    remove(path);
}

int main(int argc, char **argv)
{
    unsigned long n_cases = argc > 1 ? strtoul(argv[1], NULL, 0) : 36;
    uint64_t first = argc > 2 ? strtoull(argv[2], NULL, 0) : 1;
    setvbuf(stdout, NULL, _IOLBF, 0);

    const char *t = getenv("TMPDIR");
    snprintf(tmpdir, sizeof tmpdir, "%s/mdd_pcap_XXXXXX", t && *t ? t : "/tmp");
    if (!mkdtemp(tmpdir)) {
        printf("FAIL: cannot create a temporary directory: %s\npcap: 0 passed, 1 failed\n", strerror(errno));
        return 1;
    }
    char conf[320];
    snprintf(conf, sizeof conf, "%s/wsconf", tmpdir);
    mkdir(conf, 0700);

    test_api();
    test_conns_api();

    label("tshark");
    if (!check(system("command -v tshark >/dev/null 2>&1") == 0,
               "tshark not found on PATH: the pcap export cannot be checked (make deps installs package tshark)")) {
        rm_tree();
        printf("pcap: %lu passed, %lu failed\n", passed, failed);
        return 1;
    }

    struct stats st = {0};
    for (unsigned long i = 0; i < n_cases; i++)
        run_case((enum kind)(i % 3), first + i / 3, 0, &st);
    /* negative controls: the checks above must be able to fail */
    for (uint64_t k = 0; k < 2; k++) {
        run_case(K_ISCSI, first + 1000 + k, 1, &st);
        run_case(K_MPA, first + 1000 + k, 1, &st);
        run_case(K_MPA_MRK, first + 1000 + k, 1, &st);
        run_case(K_MPA_MRK, first + 2000 + k, 2, &st);
    }
    quirk_probes();
    test_conns_decode(first + 3000);

    printf("cases: %lu iSCSI, %lu MPA, %lu MPA with markers; %lu PDUs in %lu segments, %lu MPA markers; "
           "%lu with PI, %lu with PDUs split over segments, %lu across the 2^32 sequence wrap, %lu MPA sent by the "
           "server; %lu MPA streams drawn again (an FPDU ending on a marker position); 8 negative controls\n",
           st.cases[K_ISCSI], st.cases[K_MPA], st.cases[K_MPA_MRK], st.pdus, st.segs, st.markers, st.pi_cases,
           st.split_cases, st.wrap_cases, st.server_cases, st.redrawn);
    if (failed)
        printf("captures of failing cases are kept in %s\n", tmpdir);
    else
        rm_tree();
    printf("pcap: %lu passed, %lu failed\n", passed, failed);
    return failed ? 1 : 0;
}
