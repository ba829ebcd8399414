/* SPDX-License-Identifier: MIT */
/*
 * pcap export of wire streams (docs/pcap.md): a classic libpcap file (LINKTYPE_ETHERNET) holding TCP connections
 * over IPv4 between a client and a server, with correct IPv4 and TCP checksums, so that Wireshark/tshark can
 * decode the streams and check their digests, CRCs and markers independently of this project.
 * mdd_pcap_write() writes ONE connection carrying one transmitted stream, described below;
 * mdd_pcap_write_conns() writes several, from segments the caller cuts and time-stamps itself (at the end).
 *
 * The capture holds, in order:
 *   - the 3-way handshake (SYN, SYN/ACK, ACK; MSS and window-scale options, so tshark's window analysis never
 *     sees a full window);
 *   - MPA only: the MPA Request (client -> server, "MPA ID Req Frame") and the MPA Reply (server -> client,
 *     "MPA ID Rep Frame"), rev 1, M and C flags as configured, mpa_pd_len bytes of private data each;
 *   - the stream: wire bytes [seg_end[k-1], seg_end[k]) in TCP segment k, sent by the configured side; the
 *     peer ACKs every second segment and the last one (pure ACKs, like a delayed-ACK receiver);
 *   - an orderly close (FIN from the stream's sender, FIN/ACK, ACK).
 * Timestamps start at t0_us and grow by 1 us plus the serialisation time of the frame at 10 Gb/s.
 *
 * The library frames bytes; it does not build, check or repair PDUs. The caller puts segment ends at PDU/FPDU
 * ends (MPA: exactly one FPDU per segment, RFC 5044 FPDU alignment, which Wireshark's MPA dissector relies on;
 * iSCSI: the first PDU with a data segment in one segment, see mdd_pcap_seg_at_pdus) and builds the stream for
 * wire byte 0 at sequence number mdd_pcap_stream_seq(). MPA with markers: RFC 5044 and Wireshark count the
 * 512-byte marker period from the sequence number of the first FPDU, so the first marker starts at wire byte 0
 * (traffic generator: mrk_phase = 0, tcp_seq = mdd_pcap_stream_seq()).
 */
#ifndef MDD_PCAP_H
#define MDD_PCAP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Largest TCP payload of one segment: the IPv4 total length is 16 bits (65535 - 20 IPv4 - 20 TCP). */
#define MDD_PCAP_MAX_SEG 65495u
/* RFC 5044 limits MPA private data to 512 bytes (Wireshark flags more as malformed). */
#define MDD_PCAP_MPA_PD_MAX 512u
/* Default ports: iSCSI's well-known 3260; MPA has none, so an unassigned one that no Wireshark dissector claims
 * (TCP then offers the segments to the heuristic dissectors, where MPA lives). */
#define MDD_PCAP_PORT_ISCSI 3260u
#define MDD_PCAP_PORT_MPA 7174u
/* RAW (a DIF stream without PDUs, mdd_pcap_write_conns only): plain TCP data on another unclaimed port, so that
 * neither a port-based dissector nor the MPA heuristic (which needs an MPA Request) takes it */
#define MDD_PCAP_PORT_RAW 7175u
#define MDD_PCAP_PORT_CLIENT 49152u

struct mdd_pcap_conn {
    unsigned proto;              /* MDD_PROTO_ISCSI or MDD_PROTO_MPA (include/mdd/formats.h); mdd_pcap_write_conns
                                    also takes MDD_PROTO_RAW: no MPA Request/Reply, the stream as plain TCP data */
    unsigned stream_from_server; /* 0: the client (connection opener, MPA initiator) sends the stream; 1: the
                                    server does (an iSCSI target sending Data-In: Wireshark decodes target
                                    opcodes only from the target port) */
    unsigned mpa_markers;        /* MPA: the stream carries markers (M set in the Request and the Reply) */
    unsigned mpa_crc;            /* MPA: the FPDU CRC fields hold CRCs (C set in the Request and the Reply) */
    unsigned mpa_pd_len;         /* MPA: private data bytes in the Request and in the Reply (<= 512) */
    uint32_t client_isn;         /* initial sequence numbers: the SYNs' sequence numbers */
    uint32_t server_isn;
    uint16_t client_port;
    uint16_t server_port;
    uint32_t client_ip;          /* IPv4 addresses, host byte order */
    uint32_t server_ip;
    uint64_t t0_us;              /* mdd_pcap_write: time stamp of the SYN, microseconds since the epoch */
};

/* Fills c with defaults for proto: ports 49152 -> 3260 (iSCSI), 7174 (MPA) or 7175 (RAW), 10.0.0.1 -> 10.0.0.2,
 * fixed ISNs; iSCSI: the server (target) sends the stream, MPA and RAW: the client (initiator) does; MPA markers
 * off, CRC on, no private data. */
void mdd_pcap_conn_init(struct mdd_pcap_conn *c, unsigned proto);

/* TCP sequence number of wire byte 0: the sender's ISN + 1 (SYN) + its MPA Request or Reply length. */
uint32_t mdd_pcap_stream_seq(const struct mdd_pcap_conn *c);

/*
 * Writes the capture to path. Segment k carries wire bytes [seg_end[k-1], seg_end[k]) (seg_end[-1] = 0);
 * seg_end must increase strictly, end at len, and no segment may exceed MDD_PCAP_MAX_SEG bytes.
 * Returns 0, or -1 with a specific message in err (which segment, why; or the system error).
 */
int mdd_pcap_write(const char *path, const struct mdd_pcap_conn *c, const uint8_t *wire, size_t len,
                   const size_t *seg_end, size_t n_seg, char *err, size_t errlen);

/* One data segment of mdd_pcap_write_conns(). */
struct mdd_pcap_seg {
    size_t conn;         /* index of its connection in the array */
    uint64_t off;        /* stream offset of data[0]: TCP sequence number mdd_pcap_stream_seq(&conns[conn]) + off */
    const uint8_t *data;
    size_t len;          /* 1 .. MDD_PCAP_MAX_SEG bytes */
    uint64_t t_ns;       /* time stamp, nanoseconds since the epoch; never below the previous segment's */
};

/*
 * Writes several connections into one capture with nanosecond time stamps (pcap magic a1b23c4d). Data segments
 * go out in array order with their own time stamps and sequence numbers, so a segment may repeat or precede
 * bytes already sent (retransmitted or out-of-order data, as TCP carries it). Each connection's handshake (and
 * MPA Request/Reply) comes right before its first segment, with that segment's time stamp; the receiver ACKs
 * every second segment of its connection and its last one, acknowledging the highest byte sent so far; after
 * the last segment every connection is closed (FIN, FIN/ACK, ACK) in array order. A connection without segments
 * is opened and closed there too. Those frames carry the last segment's time stamp (0 without segments).
 * Connections must differ in their addresses or ports. *frames (if frames is not NULL) = the frames written.
 * Returns 0, or -1 with a specific message in err (which segment or connection, why; or the system error).
 */
int mdd_pcap_write_conns(const char *path, const struct mdd_pcap_conn *conns, size_t n_conn,
                         const struct mdd_pcap_seg *segs, size_t n_seg, size_t *frames, char *err, size_t errlen);

/*
 * Segment ends for a stream of PDUs: one segment per PDU (pdu_end[i] = wire offset of PDU i's LAST byte, as
 * mdd_gen_stream gives it); a PDU longer than max_seg (0 = MDD_PCAP_MAX_SEG) is cut into max_seg pieces
 * (iSCSI only: MPA needs one FPDU per segment), except PDUs 0 .. n_whole-1, which are cut only at the IPv4
 * limit; bytes after the last PDU go in segments of their own. For iSCSI pass n_whole = 1 + the index of the
 * first PDU with a data segment: Wireshark 4.0 decides whether the connection uses data digests from that
 * PDU and only when it arrives in one segment (docs/pcap.md). mdd_pcap_seg_count() gives the number of
 * segments (the size seg_end needs); mdd_pcap_seg_at_pdus() writes them and returns the same number.
 */
size_t mdd_pcap_seg_count(const uint32_t *pdu_end, size_t n_pdu, size_t len, size_t max_seg, size_t n_whole);
size_t mdd_pcap_seg_at_pdus(const uint32_t *pdu_end, size_t n_pdu, size_t len, size_t max_seg, size_t n_whole,
                            size_t *seg_end);

#ifdef __cplusplus
}
#endif

#endif /* MDD_PCAP_H */
