/* SPDX-License-Identifier: MIT */
/*
 * model/mdd_pcap.c - pcap export of TCP connections carrying wire streams (see mdd_pcap.h and docs/pcap.md). Everything is written explicitly little-endian (pcap headers) or big-endian (network headers),
 * byte by byte, so the file is the same on every host.
 */
#define _POSIX_C_SOURCE 200809L

#include "mdd_pcap.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "mdd/formats.h"

/* Header sizes and TCP flags. */
enum {
    ETH_LEN = 14,
    IP_LEN = 20,
    TCP_LEN = 20,
    TCP_SYN_OPT_LEN = 8, /* MSS (4) + NOP (1) + window scale (3) */
    MPA_REQ_REP_LEN = 20, /* key (16) + flags, rev, PD_Length (4) */
    TCP_FIN = 0x01,
    TCP_SYN = 0x02,
    TCP_PSH = 0x08,
    TCP_ACK = 0x10,
};

/* Both SYNs offer window scaling by 2^7: the 16-bit window field then announces 8 MiB, far more than the bytes
 * in flight between two ACKs, so tshark's sequence analysis reports no "window full"/"zero window" notes. */
#define WSCALE_SHIFT 7u
#define WINDOW_FIELD 65535u
#define SNAPLEN 262144u
#define LINKTYPE_ETHERNET 1u
#define MAGIC_US 0xA1B2C3D4u
#define MAGIC_NS 0xA1B23C4Du

/* MPA Request/Reply keys (RFC 5044 section 7.1.1) and flag bits. */
static const char mpa_req_key[16] = {'M', 'P', 'A', ' ', 'I', 'D', ' ', 'R', 'e', 'q', ' ', 'F', 'r', 'a', 'm', 'e'};
static const char mpa_rep_key[16] = {'M', 'P', 'A', ' ', 'I', 'D', ' ', 'R', 'e', 'p', ' ', 'F', 'r', 'a', 'm', 'e'};
#define MPA_FLAG_M 0x80u
#define MPA_FLAG_C 0x40u
#define MPA_REV 1u

/* ------------------------------------------------------------------------------------------------------ */

void mdd_pcap_conn_init(struct mdd_pcap_conn *c, unsigned proto)
{
    memset(c, 0, sizeof *c);
    c->proto = proto;
    /* iSCSI: the target sends, as for the SCSI Data-In PDUs the traffic generator builds; Wireshark decodes a
     * target opcode only when it travels from the target port */
    c->stream_from_server = proto == MDD_PROTO_ISCSI;
    c->mpa_crc = 1;
    c->client_isn = 0x1A2B3C4Du;
    c->server_isn = 0x5E6F7081u;
    c->client_port = MDD_PCAP_PORT_CLIENT;
    c->server_port = proto == MDD_PROTO_MPA ? MDD_PCAP_PORT_MPA
                     : proto == MDD_PROTO_RAW ? MDD_PCAP_PORT_RAW
                                              : MDD_PCAP_PORT_ISCSI;
    c->client_ip = 0x0A000001u; /* 10.0.0.1 */
    c->server_ip = 0x0A000002u; /* 10.0.0.2 */
    c->t0_us = 1700000000ull * 1000000ull;
}

static unsigned mpa_frame_len(const struct mdd_pcap_conn *c)
{
    return c->proto == MDD_PROTO_MPA ? MPA_REQ_REP_LEN + c->mpa_pd_len : 0;
}

uint32_t mdd_pcap_stream_seq(const struct mdd_pcap_conn *c)
{
    /* the MPA Request (client) and Reply (server) have the same length here */
    uint32_t isn = c->stream_from_server ? c->server_isn : c->client_isn;
    return isn + 1u + (uint32_t)mpa_frame_len(c);
}

/* ------------------------------------------------------------------------------------------------------ */
/* Segment planning.                                                                                        */

/* Walks the PDUs and either counts the segments or writes their ends. */
static size_t seg_walk(const uint32_t *pdu_end, size_t n_pdu, size_t len, size_t max_seg, size_t n_whole, size_t *out)
{
    if (!max_seg || max_seg > MDD_PCAP_MAX_SEG)
        max_seg = MDD_PCAP_MAX_SEG;
    size_t n = 0, at = 0;
    for (size_t i = 0; i <= n_pdu; i++) {
        size_t end = i < n_pdu ? (size_t)pdu_end[i] + 1 : len; /* the trailing bytes after the last PDU */
        if (end > len)
            end = len;
        size_t cut = i < n_whole && i < n_pdu ? MDD_PCAP_MAX_SEG : max_seg;
        while (at < end) {
            size_t step = end - at < cut ? end - at : cut;
            at += step;
            if (out)
                out[n] = at;
            n++;
        }
    }
    return n;
}

size_t mdd_pcap_seg_count(const uint32_t *pdu_end, size_t n_pdu, size_t len, size_t max_seg, size_t n_whole)
{
    return seg_walk(pdu_end, n_pdu, len, max_seg, n_whole, NULL);
}

size_t mdd_pcap_seg_at_pdus(const uint32_t *pdu_end, size_t n_pdu, size_t len, size_t max_seg, size_t n_whole,
                            size_t *seg_end)
{
    return seg_walk(pdu_end, n_pdu, len, max_seg, n_whole, seg_end);
}

/* ------------------------------------------------------------------------------------------------------ */
/* Frame building.                                                                                          */

struct endpoint {
    uint32_t ip;
    uint16_t port;
    uint8_t mac[6];
    uint32_t nxt;   /* the sequence number after the highest byte sent (where a new byte or a FIN goes) */
    uint16_t ip_id; /* IPv4 identification of the next datagram */
};

struct writer {
    FILE *f;
    uint8_t *buf;  /* one frame */
    bool stamp_ns; /* the caller's nanosecond stamps; else the microsecond clock of mdd_pcap_write */
    uint64_t t;    /* time stamp of the frame being written */
    size_t frames; /* frames written */
    int err;       /* errno of the first failed write, 0 while all went well */
};

static void put16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static void put32le(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* RFC 1071 one's-complement sum of 16-bit big-endian words, odd tail padded with a zero byte. */
static uint32_t csum_add(uint32_t sum, const uint8_t *p, size_t n)
{
    for (size_t k = 0; k + 1 < n; k += 2)
        sum += (uint32_t)p[k] << 8 | p[k + 1];
    if (n & 1)
        sum += (uint32_t)p[n - 1] << 8;
    /* fold after every call: one call adds less than 2^31 (at most 32 Ki words), so 32 bits never overflow */
    while (sum >> 16)
        sum = (sum & 0xFFFFu) + (sum >> 16);
    return sum;
}

static uint16_t csum_fin(uint32_t sum)
{
    while (sum >> 16)
        sum = (sum & 0xFFFFu) + (sum >> 16);
    return (uint16_t)~sum;
}

static void wr(struct writer *w, const void *p, size_t n)
{
    if (w->err)
        return;
    errno = 0;
    if (fwrite(p, 1, n, w->f) != n)
        w->err = errno ? errno : EIO;
}

/* One Ethernet/IPv4/TCP frame from a to b with sequence number seq (a->nxt unless data is sent again or out of
 * order); a->nxt advances to the end of the payload (and SYN/FIN) if that is beyond it. */
static void frame(struct writer *w, struct endpoint *a, const struct endpoint *b, unsigned flags, uint32_t seq,
                  const uint8_t *pay, size_t pay_len)
{
    uint8_t *f = w->buf;
    bool syn = flags & TCP_SYN;
    size_t tcp_len = TCP_LEN + (syn ? TCP_SYN_OPT_LEN : 0);
    size_t ip_total = IP_LEN + tcp_len + pay_len;
    size_t flen = ETH_LEN + ip_total;

    /* Ethernet II */
    memcpy(f, b->mac, 6);
    memcpy(f + 6, a->mac, 6);
    put16(f + 12, 0x0800);

    /* IPv4: no options, DF set (a TCP sender with path-MTU discovery), TTL 64 */
    uint8_t *ip = f + ETH_LEN;
    ip[0] = 0x45;
    ip[1] = 0;
    put16(ip + 2, (uint32_t)ip_total);
    put16(ip + 4, a->ip_id++);
    put16(ip + 6, 0x4000);
    ip[8] = 64;
    ip[9] = 6;
    put16(ip + 10, 0);
    put32(ip + 12, a->ip);
    put32(ip + 16, b->ip);
    put16(ip + 10, csum_fin(csum_add(0, ip, IP_LEN)));

    /* TCP */
    uint8_t *tcp = ip + IP_LEN;
    put16(tcp, a->port);
    put16(tcp + 2, b->port);
    put32(tcp + 4, seq);
    put32(tcp + 8, (flags & TCP_ACK) ? b->nxt : 0);
    tcp[12] = (uint8_t)((tcp_len / 4) << 4);
    tcp[13] = (uint8_t)flags;
    put16(tcp + 14, WINDOW_FIELD);
    put16(tcp + 16, 0);
    put16(tcp + 18, 0);
    if (syn) {
        uint8_t *o = tcp + TCP_LEN;
        o[0] = 2; /* MSS: the largest segment this file can carry */
        o[1] = 4;
        put16(o + 2, MDD_PCAP_MAX_SEG);
        o[4] = 1; /* NOP: aligns the window-scale option */
        o[5] = 3; /* window scale */
        o[6] = 3;
        o[7] = (uint8_t)WSCALE_SHIFT;
    }
    if (pay_len)
        memcpy(tcp + tcp_len, pay, pay_len);
    uint8_t pseudo[12];
    put32(pseudo, a->ip);
    put32(pseudo + 4, b->ip);
    pseudo[8] = 0;
    pseudo[9] = 6;
    put16(pseudo + 10, (uint32_t)(tcp_len + pay_len));
    uint32_t sum = csum_add(0, pseudo, sizeof pseudo);
    sum = csum_add(sum, tcp, tcp_len + pay_len);
    put16(tcp + 16, csum_fin(sum));

    uint32_t end = seq + (uint32_t)pay_len + (syn ? 1u : 0u) + ((flags & TCP_FIN) ? 1u : 0u);
    if ((int32_t)(end - a->nxt) > 0) /* sequence space is modular: "after" is a distance below 2^31 */
        a->nxt = end;

    /* record header. mdd_pcap_write's clock: the frame's wire time at 10 Gb/s (10000 bits per us) plus 1 us, so
     * stamps always increase and a large segment takes visibly longer than an ACK */
    uint8_t rh[16];
    uint64_t unit = w->stamp_ns ? 1000000000u : 1000000u;
    if (!w->stamp_ns)
        w->t += 1 + (uint64_t)flen * 8 / 10000;
    put32le(rh, (uint32_t)(w->t / unit));
    put32le(rh + 4, (uint32_t)(w->t % unit));
    put32le(rh + 8, (uint32_t)flen);
    put32le(rh + 12, (uint32_t)flen);
    wr(w, rh, sizeof rh);
    wr(w, f, flen);
    w->frames++;
}

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* The MPA Request or Reply: key, flags (M, C; R and Res 0), revision 1, PD_Length, private data. */
static void mpa_frame(const struct mdd_pcap_conn *c, bool reply, uint8_t *p)
{
    memcpy(p, reply ? mpa_rep_key : mpa_req_key, 16);
    p[16] = (uint8_t)((c->mpa_markers ? MPA_FLAG_M : 0) | (c->mpa_crc ? MPA_FLAG_C : 0));
    p[17] = MPA_REV;
    put16(p + 18, c->mpa_pd_len);
    /* private data: a recognisable pattern, distinct per direction */
    for (unsigned k = 0; k < c->mpa_pd_len; k++)
        p[MPA_REQ_REP_LEN + k] = (uint8_t)((reply ? 0x80u : 0x00u) | (k & 0x7Fu));
}

/* A connection's two endpoints and its progress through the capture. */
struct conn_state {
    struct endpoint cli, srv;
    struct endpoint *snd, *rcv; /* who sends the stream, who ACKs it */
    size_t n_seg, sent;         /* its data segments in the capture, and those written so far */
    bool open;
};

static void conn_start(const struct mdd_pcap_conn *c, struct conn_state *s)
{
    s->cli = (struct endpoint){c->client_ip, c->client_port, {0x02, 0x00, 0x00, 0x00, 0x00, 0x01}, c->client_isn, 1};
    s->srv = (struct endpoint){c->server_ip, c->server_port, {0x02, 0x00, 0x00, 0x00, 0x00, 0x02}, c->server_isn, 1};
    s->snd = c->stream_from_server ? &s->srv : &s->cli;
    s->rcv = c->stream_from_server ? &s->cli : &s->srv;
}

/* The handshake, and for MPA the Request and the Reply. */
static void conn_open(struct writer *w, const struct mdd_pcap_conn *c, struct conn_state *s)
{
    struct endpoint *cli = &s->cli, *srv = &s->srv;
    frame(w, cli, srv, TCP_SYN, cli->nxt, NULL, 0);
    frame(w, srv, cli, TCP_SYN | TCP_ACK, srv->nxt, NULL, 0);
    frame(w, cli, srv, TCP_ACK, cli->nxt, NULL, 0);
    if (c->proto == MDD_PROTO_MPA) {
        uint8_t m[MPA_REQ_REP_LEN + MDD_PCAP_MPA_PD_MAX];
        mpa_frame(c, false, m);
        frame(w, cli, srv, TCP_ACK | TCP_PSH, cli->nxt, m, mpa_frame_len(c));
        mpa_frame(c, true, m);
        frame(w, srv, cli, TCP_ACK | TCP_PSH, srv->nxt, m, mpa_frame_len(c));
        /* the initiator acknowledges the Reply on its own only when it has no FPDU to send */
        if (c->stream_from_server)
            frame(w, cli, srv, TCP_ACK, cli->nxt, NULL, 0);
    }
    s->open = true;
}

static void conn_close(struct writer *w, struct conn_state *s)
{
    frame(w, s->snd, s->rcv, TCP_FIN | TCP_ACK, s->snd->nxt, NULL, 0);
    frame(w, s->rcv, s->snd, TCP_FIN | TCP_ACK, s->rcv->nxt, NULL, 0);
    frame(w, s->snd, s->rcv, TCP_ACK, s->snd->nxt, NULL, 0);
}

static int check_conn(const struct mdd_pcap_conn *c, size_t k, char *err, size_t errlen)
{
    if (c->proto != MDD_PROTO_ISCSI && c->proto != MDD_PROTO_MPA && c->proto != MDD_PROTO_RAW)
        return fail(err, errlen, "pcap: connection %zu: protocol %u is not iSCSI (%u), MPA (%u) or RAW (%u)", k,
                    c->proto, (unsigned)MDD_PROTO_ISCSI, (unsigned)MDD_PROTO_MPA, (unsigned)MDD_PROTO_RAW);
    if (c->proto == MDD_PROTO_MPA && c->mpa_pd_len > MDD_PCAP_MPA_PD_MAX)
        return fail(err, errlen, "pcap: MPA private data length %u exceeds the RFC 5044 limit of %u", c->mpa_pd_len,
                    MDD_PCAP_MPA_PD_MAX);
    if (c->client_port == 0 || c->server_port == 0 || c->client_port == c->server_port)
        return fail(err, errlen, "pcap: ports %u -> %u: both must be non-zero and different", c->client_port,
                    c->server_port);
    return 0;
}

/* A connection's addresses and ports, for finding two that Wireshark would take for one. */
struct tuple {
    uint32_t cip, sip;
    uint16_t cport, sport;
    size_t k;
};

static int tuple_cmp(const void *pa, const void *pb)
{
    const struct tuple *a = pa, *b = pb;
    if (a->cip != b->cip)
        return a->cip < b->cip ? -1 : 1;
    if (a->sip != b->sip)
        return a->sip < b->sip ? -1 : 1;
    if (a->cport != b->cport)
        return a->cport < b->cport ? -1 : 1;
    if (a->sport != b->sport)
        return a->sport < b->sport ? -1 : 1;
    return a->k < b->k ? -1 : a->k > b->k;
}

static void ip_str(uint32_t ip, char *b, size_t n)
{
    snprintf(b, n, "%u.%u.%u.%u", ip >> 24, (ip >> 16) & 255u, (ip >> 8) & 255u, ip & 255u);
}

static int check_tuples(const struct mdd_pcap_conn *conns, size_t n_conn, char *err, size_t errlen)
{
    if (n_conn < 2)
        return 0;
    struct tuple *t = malloc(n_conn * sizeof *t);
    if (!t)
        return fail(err, errlen, "pcap: out of memory");
    for (size_t k = 0; k < n_conn; k++)
        t[k] = (struct tuple){conns[k].client_ip, conns[k].server_ip, conns[k].client_port, conns[k].server_port, k};
    qsort(t, n_conn, sizeof *t, tuple_cmp);
    int rc = 0;
    for (size_t k = 1; k < n_conn && !rc; k++)
        if (t[k].cip == t[k - 1].cip && t[k].sip == t[k - 1].sip && t[k].cport == t[k - 1].cport &&
            t[k].sport == t[k - 1].sport) {
            char a[16], b[16];
            ip_str(t[k].cip, a, sizeof a);
            ip_str(t[k].sip, b, sizeof b);
            rc = fail(err, errlen, "pcap: connections %zu and %zu both run %s:%u -> %s:%u", t[k - 1].k, t[k].k, a,
                      t[k].cport, b, t[k].sport);
        }
    free(t);
    return rc;
}

/* Both writers: checks, then the file. The connections and segments are valid for the caller's API. */
static int write_capture(const char *path, const struct mdd_pcap_conn *conns, size_t n_conn,
                         const struct mdd_pcap_seg *segs, size_t n_seg, bool stamp_ns, size_t *frames, char *err,
                         size_t errlen)
{
    struct writer w = {0};
    w.stamp_ns = stamp_ns;
    struct conn_state *cs = calloc(n_conn ? n_conn : 1, sizeof *cs);
    w.buf = malloc(ETH_LEN + IP_LEN + TCP_LEN + TCP_SYN_OPT_LEN + MDD_PCAP_MAX_SEG);
    if (!cs || !w.buf) {
        free(cs);
        free(w.buf);
        return fail(err, errlen, "pcap: out of memory");
    }
    for (size_t k = 0; k < n_conn; k++)
        conn_start(&conns[k], &cs[k]);
    for (size_t k = 0; k < n_seg; k++)
        cs[segs[k].conn].n_seg++;
    w.f = fopen(path, "wb");
    if (!w.f) {
        int e = errno;
        free(cs);
        free(w.buf);
        return fail(err, errlen, "pcap: cannot create %s: %s", path, strerror(e));
    }
    w.t = stamp_ns || !n_conn ? 0 : conns[0].t0_us;

    /* global header: version 2.4, Ethernet, microsecond or nanosecond time stamps (by the magic) */
    uint8_t gh[24];
    put32le(gh, stamp_ns ? MAGIC_NS : MAGIC_US);
    gh[4] = 2; /* major version, 16 bits little-endian */
    gh[5] = 0;
    gh[6] = 4; /* minor version */
    gh[7] = 0;
    put32le(gh + 8, 0);
    put32le(gh + 12, 0);
    put32le(gh + 16, SNAPLEN);
    put32le(gh + 20, LINKTYPE_ETHERNET);
    wr(&w, gh, sizeof gh);

    for (size_t k = 0; k < n_seg; k++) {
        const struct mdd_pcap_seg *g = &segs[k];
        const struct mdd_pcap_conn *c = &conns[g->conn];
        struct conn_state *s = &cs[g->conn];
        if (stamp_ns)
            w.t = g->t_ns;
        if (!s->open)
            conn_open(&w, c, s);
        frame(&w, s->snd, s->rcv, TCP_ACK | TCP_PSH, mdd_pcap_stream_seq(c) + (uint32_t)g->off, g->data, g->len);
        /* delayed ACK: every second segment and the last one */
        if (++s->sent % 2 == 0 || s->sent == s->n_seg)
            frame(&w, s->rcv, s->snd, TCP_ACK, s->rcv->nxt, NULL, 0);
    }
    for (size_t k = 0; k < n_conn; k++) {
        if (!cs[k].open)
            conn_open(&w, &conns[k], &cs[k]);
        conn_close(&w, &cs[k]);
    }

    free(cs);
    free(w.buf);
    int e = w.err;
    errno = 0;
    if (fclose(w.f) != 0 && !e) /* buffered bytes are written here: a full disk shows up now */
        e = errno ? errno : EIO;
    if (e) {
        /* drop the partial capture, but never a device or anything else that is not a plain file */
        struct stat st;
        if (lstat(path, &st) == 0 && S_ISREG(st.st_mode))
            remove(path);
        return fail(err, errlen, "pcap: writing %s failed: %s", path, strerror(e));
    }
    if (frames)
        *frames = w.frames;
    return 0;
}

int mdd_pcap_write_conns(const char *path, const struct mdd_pcap_conn *conns, size_t n_conn,
                         const struct mdd_pcap_seg *segs, size_t n_seg, size_t *frames, char *err, size_t errlen)
{
    if (err && errlen)
        err[0] = '\0';
    if (!path || (n_conn && !conns) || (n_seg && !segs))
        return fail(err, errlen, "pcap: no path, connections or segments");
    for (size_t k = 0; k < n_conn; k++)
        if (check_conn(&conns[k], k, err, errlen))
            return -1;
    for (size_t k = 0; k < n_seg; k++) {
        const struct mdd_pcap_seg *g = &segs[k];
        if (g->conn >= n_conn)
            return fail(err, errlen, "pcap: segment %zu names connection %zu of %zu", k, g->conn, n_conn);
        if (g->len == 0 || g->len > MDD_PCAP_MAX_SEG || !g->data)
            return fail(err, errlen,
                        "pcap: segment %zu (connection %zu, stream offset %" PRIu64 ") holds %zu bytes%s, not 1 "
                        "to the %u an IPv4 datagram can carry",
                        k, g->conn, g->off, g->len, g->data ? "" : " and no buffer", MDD_PCAP_MAX_SEG);
        /* a TCP receiver tells old from new by sequence distance < 2^31: keep the whole stream inside that */
        if (g->off > 0x7FFFFFFFu - g->len)
            return fail(err, errlen,
                        "pcap: segment %zu (connection %zu) ends at stream offset %" PRIu64
                        ", beyond 2^31 - 1 bytes of TCP sequence space",
                        k, g->conn, g->off + g->len);
        if (k && g->t_ns < segs[k - 1].t_ns)
            return fail(err, errlen,
                        "pcap: segment %zu (connection %zu) is stamped %" PRIu64 " ns, before segment %zu's %" PRIu64
                        " ns",
                        k, g->conn, g->t_ns, k - 1, segs[k - 1].t_ns);
    }
    if (check_tuples(conns, n_conn, err, errlen))
        return -1;
    return write_capture(path, conns, n_conn, segs, n_seg, true, frames, err, errlen);
}

int mdd_pcap_write(const char *path, const struct mdd_pcap_conn *c, const uint8_t *wire, size_t len,
                   const size_t *seg_end, size_t n_seg, char *err, size_t errlen)
{
    if (err && errlen)
        err[0] = '\0';
    if (!c || !path)
        return fail(err, errlen, "pcap: no path or connection");
    if (c->proto != MDD_PROTO_ISCSI && c->proto != MDD_PROTO_MPA)
        return fail(err, errlen, "pcap: protocol %u is neither iSCSI (%u) nor MPA (%u)", c->proto,
                    (unsigned)MDD_PROTO_ISCSI, (unsigned)MDD_PROTO_MPA);
    if (check_conn(c, 0, err, errlen))
        return -1;
    if (len && !wire)
        return fail(err, errlen, "pcap: %zu wire bytes but no buffer", len);
    /* a TCP receiver tells old from new by sequence distance < 2^31: keep the whole stream inside that */
    if (len > 0x7FFFFFFFu)
        return fail(err, errlen, "pcap: stream of %zu bytes exceeds 2^31 - 1 bytes of TCP sequence space", len);
    if (len && (!seg_end || n_seg == 0))
        return fail(err, errlen, "pcap: %zu wire bytes but no segments", len);
    for (size_t k = 0; k < n_seg; k++) {
        size_t s0 = k ? seg_end[k - 1] : 0;
        if (seg_end[k] <= s0)
            return fail(err, errlen, "pcap: segment %zu is empty or goes backwards (seg_end %zu after %zu)", k,
                        seg_end[k], s0);
        if (seg_end[k] > len)
            return fail(err, errlen, "pcap: segment %zu ends at wire offset %zu, past the stream end %zu", k,
                        seg_end[k], len);
        if (seg_end[k] - s0 > MDD_PCAP_MAX_SEG)
            return fail(err, errlen,
                        "pcap: segment %zu (wire bytes %zu..%zu) holds %zu bytes, more than the %u an IPv4 "
                        "datagram can carry",
                        k, s0, seg_end[k] - 1, seg_end[k] - s0, MDD_PCAP_MAX_SEG);
    }
    if (n_seg && seg_end[n_seg - 1] != len)
        return fail(err, errlen, "pcap: the last segment ends at %zu, not at the stream end %zu", seg_end[n_seg - 1],
                    len);

    /* one connection whose segments follow each other, on the microsecond clock starting at t0_us */
    struct mdd_pcap_seg *g = malloc((n_seg ? n_seg : 1) * sizeof *g);
    if (!g)
        return fail(err, errlen, "pcap: out of memory");
    for (size_t k = 0; k < n_seg; k++) {
        size_t s0 = k ? seg_end[k - 1] : 0;
        g[k] = (struct mdd_pcap_seg){0, s0, wire + s0, seg_end[k] - s0, 0};
    }
    int rc = write_capture(path, c, 1, g, n_seg, false, NULL, err, errlen);
    free(g);
    return rc;
}
