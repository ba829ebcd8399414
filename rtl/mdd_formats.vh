// Generated from include/mdd/formats.def by scripts/gen-formats.py: do not edit (edit the .def, then `make formats`).
//
// The formats shared by RTL and C model (docs/DECISIONS.md D-004, docs/ARCHITECTURE.md 4.4), as localparams.
// Include it INSIDE a module body, once per module (compile with -Irtl):
//
//     `include "mdd_formats.vh"
//     ... desc[MDD_DESC_PDU_OFF_LSB +: MDD_DESC_PDU_OFF_W] ... tag[MDD_TAG_EB] ...
//
// There is no include guard: a `define guard is global to the compilation unit and would hide the
// localparams from every module after the first.  Field positions are bit offsets into the whole record
// (64 * word + lsb), so a record is one flat vector of MDD_<rec>_BITS bits.
/* verilator lint_off UNUSEDPARAM */

// ---- per-byte tag: KIND codes ----
localparam MDD_KIND_PAY  = 3'd0;
localparam MDD_KIND_HDR  = 3'd1;
localparam MDD_KIND_HDIG = 3'd2;
localparam MDD_KIND_PAD  = 3'd3;
localparam MDD_KIND_MRK  = 3'd4;
localparam MDD_KIND_PI   = 3'd5;
localparam MDD_KIND_DDIG = 3'd6;
localparam MDD_KIND_VOID = 3'd7;

// ---- per-byte tag: flag bit numbers ----
localparam MDD_TAG_EB = 3;
localparam MDD_TAG_EH = 4;
localparam MDD_TAG_ED = 5;
localparam MDD_TAG_EP = 6;
localparam MDD_TAG_K  = 7;

// ---- constants ----
localparam MDD_TAG_KIND_LSB            = 0;
localparam MDD_TAG_KIND_W              = 3;
localparam MDD_PROTO_ISCSI             = 0;
localparam MDD_PROTO_MPA               = 1;
localparam MDD_PROTO_RAW               = 2;
localparam MDD_DIF_NONE                = 0;
localparam MDD_DIF_INSERT              = 1;
localparam MDD_DIF_CHECK_KEEP          = 2;
localparam MDD_DIF_CHECK_STRIP         = 3;
localparam MDD_DIF_CHECK_REPLACE       = 4;
localparam MDD_DIFCHK_GUARD            = 1;
localparam MDD_DIFCHK_APP              = 2;
localparam MDD_DIFCHK_REF              = 4;
localparam MDD_ENGINE_HDIG             = 0;
localparam MDD_ENGINE_DDIG             = 1;
localparam MDD_ENGINE_GUARD            = 2;
localparam MDD_ISCSI_BHS_LEN           = 48;
localparam MDD_ISCSI_AHS_OFF           = 4;
localparam MDD_ISCSI_DSL_OFF           = 5;
localparam MDD_ISCSI_MRK_LEN           = 8;
localparam MDD_MPA_LEN_OFF             = 0;
localparam MDD_MPA_MRK_LEN             = 4;
localparam MDD_DIG_LEN                 = 4;
localparam MDD_APP_ESCAPE              = 65535;
localparam MDD_DESC_WORDS              = 8;
localparam MDD_COREDESC_WORDS          = 8;
localparam MDD_TXDESC_WORDS            = 8;
localparam MDD_CTX_WORDS               = 16;
localparam MDD_CMBREC_WORDS            = 4;
localparam MDD_CMB_OP_SEG              = 0;
localparam MDD_CMB_OP_OPEN             = 1;
localparam MDD_CMB_OP_CLOSE            = 2;
localparam MDD_CMB_OP_ABORT            = 3;
localparam MDD_CMB_MODE_KNOWN          = 0;
localparam MDD_CMB_MODE_REL            = 1;
localparam MDD_CMBRES_WORDS            = 8;
localparam MDD_CMB_ST_OK               = 0;
localparam MDD_CMB_ST_MISMATCH         = 1;
localparam MDD_CMB_ST_INCOMPLETE       = 2;
localparam MDD_CMB_ST_OVERLAP          = 3;
localparam MDD_CMB_ST_ABORTED          = 4;
localparam MDD_CMB_ERR_FORMAT          = 1;
localparam MDD_CMB_ERR_ID_RANGE        = 2;
localparam MDD_CMB_ERR_NOT_OPEN        = 3;
localparam MDD_CMB_ERR_ALREADY_OPEN    = 4;
localparam MDD_CMB_ERR_TABLE_FULL      = 5;
localparam MDD_CMB_ERR_LEN_ZERO        = 6;
localparam MDD_CMB_ERR_ADDR_RANGE      = 7;
localparam MDD_CMB_ERR_PAST_END        = 8;
localparam MDD_CMB_ERR_OVERLAP         = 9;
localparam MDD_DEPHDR_LEN              = 32;
localparam MDD_DEPHDR_OPCODE_OFF       = 0;
localparam MDD_DEPHDR_FLAGS_OFF        = 1;
localparam MDD_DEPHDR_CONN_OFF         = 2;
localparam MDD_DEPHDR_TOKEN_OFF        = 4;
localparam MDD_DEPHDR_OFFSET_OFF       = 8;
localparam MDD_DEPHDR_AREG_OFF         = 16;
localparam MDD_DEPHDR_RSVD_OFF         = 18;
localparam MDD_DEPHDR_LENGTH_OFF       = 20;
localparam MDD_DEPHDR_TAG_OFF          = 24;
localparam MDD_DEPHDR_CSUM_OFF         = 28;
localparam MDD_DEP_TRAILER_LEN         = 4;
localparam MDD_DEP_FLAG_PCRC           = 1;
localparam MDD_DEP_FLAG_SOLICITED      = 2;
localparam MDD_DEP_FLAG_COMPL          = 4;
localparam MDD_DEP_FLAG_MSEG           = 8;
localparam MDD_DEP_FLAGS_KNOWN         = 15;
localparam MDD_DEP_OP_WRITE            = 1;
localparam MDD_DEP_OP_WRITE_IND        = 2;
localparam MDD_DEP_OP_WRITE_IDX        = 3;
localparam MDD_DEP_OP_WRITE_IND_INC    = 4;
localparam MDD_DEP_OP_WRITE_IND_INCR   = 5;
localparam MDD_DEP_OP_REG_LOAD         = 16;
localparam MDD_DEP_OP_REG_ADD          = 17;
localparam MDD_DEP_OP_REG_INC          = 18;
localparam MDD_DEP_OP_NOTIFY_IF_EQ     = 19;
localparam MDD_DEP_OP_NOTIFY_IF_EQ_REG = 20;
localparam MDD_DEP_ERR_OK              = 0;
localparam MDD_DEP_ERR_SHORT           = 1;
localparam MDD_DEP_ERR_KEEP            = 2;
localparam MDD_DEP_ERR_HDR_CSUM        = 3;
localparam MDD_DEP_ERR_OPCODE          = 4;
localparam MDD_DEP_ERR_FORMAT          = 5;
localparam MDD_DEP_ERR_CONN_RANGE      = 6;
localparam MDD_DEP_ERR_CONN_INVALID    = 7;
localparam MDD_DEP_ERR_CONN_EXCEPTION  = 8;
localparam MDD_DEP_ERR_CONN_FLUSHED    = 9;
localparam MDD_DEP_ERR_AREG_WINDOW     = 10;
localparam MDD_DEP_ERR_AREG_PROT       = 11;
localparam MDD_DEP_ERR_TOKEN_RANGE     = 12;
localparam MDD_DEP_ERR_TOKEN_INVALID   = 13;
localparam MDD_DEP_ERR_TOKEN_KEY       = 14;
localparam MDD_DEP_ERR_TOKEN_PD        = 15;
localparam MDD_DEP_ERR_OVERFLOW        = 16;
localparam MDD_DEP_ERR_BOUNDS          = 17;
localparam MDD_DEP_ERR_RIGHTS          = 18;
localparam MDD_DEP_ERR_LONG            = 19;
localparam MDD_DEP_ERR_PAYLOAD_CRC     = 20;
localparam MDD_DEP_ERR_UPSTREAM        = 21;
localparam MDD_DEP_ERR_AXI_RESP        = 22;
localparam MDD_DEP_ERR_FLUSHED         = 23;
localparam MDD_DEP_ERR_CODES           = 24;
localparam MDD_DEP_TBL_CONN            = 0;
localparam MDD_DEP_TBL_REGION          = 1;
localparam MDD_DEP_TBL_AREG            = 2;
localparam MDD_DEP_TBL_RHQ             = 3;
localparam MDD_DEP_TBL_CQ              = 4;
localparam MDD_DEPCONN_WORDS           = 4;
localparam MDD_DEP_CONN_INVALID        = 0;
localparam MDD_DEP_CONN_OPEN           = 1;
localparam MDD_DEP_CONN_EXCEPTION      = 2;
localparam MDD_DEP_CONN_ERROR          = 3;
localparam MDD_DEPREGION_WORDS         = 4;
localparam MDD_DEP_RIGHT_W             = 1;
localparam MDD_DEPAREG_WORDS           = 4;
localparam MDD_DEP_PROT_R              = 1;
localparam MDD_DEP_PROT_W              = 2;
localparam MDD_DEP_PROT_I              = 4;
localparam MDD_DEPRHQ_WORDS            = 4;
localparam MDD_DEPCQ_WORDS             = 4;
localparam MDD_DEP_ARM_NONE            = 0;
localparam MDD_DEP_ARM_ANY             = 1;
localparam MDD_DEP_ARM_SOLICITED       = 2;
localparam MDD_DEP_RHQ_ENTRY_LEN       = 32;
localparam MDD_DEP_RHQ_STATUS_OFF      = 28;
localparam MDD_DEP_RHQ_STATUS_DONE     = 1;
localparam MDD_DEP_RHQ_STATUS_CODE_LSB = 8;
localparam MDD_DEPCQE_WORDS            = 4;
localparam MDD_DEP_FIELD_NONE          = 65535;

// ---- CRC inclusion masks (bit k = KIND k), engine x protocol ----
localparam [7:0] MDD_INCL_HDIG_ISCSI  = 8'h02;
localparam [7:0] MDD_INCL_HDIG_MPA    = 8'h00;
localparam [7:0] MDD_INCL_HDIG_RAW    = 8'h00;
localparam [7:0] MDD_INCL_DDIG_ISCSI  = 8'h29;
localparam [7:0] MDD_INCL_DDIG_MPA    = 8'h3B;
localparam [7:0] MDD_INCL_DDIG_RAW    = 8'h00;
localparam [7:0] MDD_INCL_GUARD_ISCSI = 8'h01;
localparam [7:0] MDD_INCL_GUARD_MPA   = 8'h01;
localparam [7:0] MDD_INCL_GUARD_RAW   = 8'h01;

// ---- error codes (err_map bit = code) ----
localparam MDD_ERR_NONE     = 0;
localparam MDD_ERR_DESC     = 1;
localparam MDD_ERR_UPSTREAM = 2;
localparam MDD_ERR_HDIG     = 3;
localparam MDD_ERR_DDIG     = 4;
localparam MDD_ERR_GUARD    = 5;
localparam MDD_ERR_APP      = 6;
localparam MDD_ERR_REF      = 7;
localparam MDD_ERR_MRK      = 8;
localparam MDD_ERR_FRAME    = 9;

// ---- protection-information formats (byte offsets; GUARD_ALG = CRC_ALG numbering) ----
localparam MDD_PI_T10_CODE         = 0;
localparam MDD_PI_T10_LEN          = 8;
localparam MDD_PI_T10_GUARD_ALG    = 1;
localparam MDD_PI_T10_GUARD_LEN    = 2;
localparam MDD_PI_T10_APP_OFF      = 2;
localparam MDD_PI_T10_REF_OFF      = 4;
localparam MDD_PI_T10_REF_LEN      = 4;
localparam MDD_PI_NVME32_CODE      = 1;
localparam MDD_PI_NVME32_LEN       = 16;
localparam MDD_PI_NVME32_GUARD_ALG = 0;
localparam MDD_PI_NVME32_GUARD_LEN = 4;
localparam MDD_PI_NVME32_APP_OFF   = 4;
localparam MDD_PI_NVME32_REF_OFF   = 6;
localparam MDD_PI_NVME32_REF_LEN   = 10;
localparam MDD_PI_NVME64_CODE      = 2;
localparam MDD_PI_NVME64_LEN       = 16;
localparam MDD_PI_NVME64_GUARD_ALG = 3;
localparam MDD_PI_NVME64_GUARD_LEN = 8;
localparam MDD_PI_NVME64_APP_OFF   = 8;
localparam MDD_PI_NVME64_REF_OFF   = 10;
localparam MDD_PI_NVME64_REF_LEN   = 6;

// ---- record DESC: 8 x 64 bits, field = desc[LSB +: W] ----
localparam MDD_DESC_BITS            = 512;
localparam MDD_DESC_XFER_ID_LSB     = 0;
localparam MDD_DESC_XFER_ID_W       = 16;
localparam MDD_DESC_PROTO_LSB       = 16;
localparam MDD_DESC_PROTO_W         = 2;
localparam MDD_DESC_SELF_FRAME_LSB  = 18;
localparam MDD_DESC_SELF_FRAME_W    = 1;
localparam MDD_DESC_HDIG_EN_LSB     = 19;
localparam MDD_DESC_HDIG_EN_W       = 1;
localparam MDD_DESC_DDIG_EN_LSB     = 20;
localparam MDD_DESC_DDIG_EN_W       = 1;
localparam MDD_DESC_MRK_EN_LSB      = 21;
localparam MDD_DESC_MRK_EN_W        = 1;
localparam MDD_DESC_MRK_CHK_LSB     = 22;
localparam MDD_DESC_MRK_CHK_W       = 1;
localparam MDD_DESC_CMB_EN_LSB      = 23;
localparam MDD_DESC_CMB_EN_W        = 1;
localparam MDD_DESC_DIF_OP_LSB      = 24;
localparam MDD_DESC_DIF_OP_W        = 3;
localparam MDD_DESC_PI_FMT_LSB      = 27;
localparam MDD_DESC_PI_FMT_W        = 2;
localparam MDD_DESC_PROT_TYPE_LSB   = 29;
localparam MDD_DESC_PROT_TYPE_W     = 2;
localparam MDD_DESC_DIF_CHK_LSB     = 31;
localparam MDD_DESC_DIF_CHK_W       = 3;
localparam MDD_DESC_HDR_LEN_LSB     = 34;
localparam MDD_DESC_HDR_LEN_W       = 12;
localparam MDD_DESC_ULP_HDR_LEN_LSB = 46;
localparam MDD_DESC_ULP_HDR_LEN_W   = 8;
localparam MDD_DESC_HDR_OUT_LSB     = 54;
localparam MDD_DESC_HDR_OUT_W       = 1;
localparam MDD_DESC_DIG_OPEN_LSB    = 55;
localparam MDD_DESC_DIG_OPEN_W      = 1;
localparam MDD_DESC_HDIG_OPEN_LSB   = 56;
localparam MDD_DESC_HDIG_OPEN_W     = 1;
localparam MDD_DESC_DIF_OPEN_LSB    = 57;
localparam MDD_DESC_DIF_OPEN_W      = 1;
localparam MDD_DESC_TCP_SEQ_LSB     = 64;
localparam MDD_DESC_TCP_SEQ_W       = 32;
localparam MDD_DESC_DIG_PART_LSB    = 96;
localparam MDD_DESC_DIG_PART_W      = 32;
localparam MDD_DESC_MRK_PERIOD_LSB  = 128;
localparam MDD_DESC_MRK_PERIOD_W    = 19;
localparam MDD_DESC_MRK_POS_LSB     = 147;
localparam MDD_DESC_MRK_POS_W       = 19;
localparam MDD_DESC_DIF_POS_LSB     = 166;
localparam MDD_DESC_DIF_POS_W       = 17;
localparam MDD_DESC_PDU_OFF_LSB     = 192;
localparam MDD_DESC_PDU_OFF_W       = 25;
localparam MDD_DESC_DATA_LEN_LSB    = 217;
localparam MDD_DESC_DATA_LEN_W      = 24;
localparam MDD_DESC_BLK_LEN_LSB     = 256;
localparam MDD_DESC_BLK_LEN_W       = 16;
localparam MDD_DESC_APP_TAG_LSB     = 272;
localparam MDD_DESC_APP_TAG_W       = 16;
localparam MDD_DESC_APP_MASK_LSB    = 288;
localparam MDD_DESC_APP_MASK_W      = 16;
localparam MDD_DESC_CMB_MSG_LSB     = 304;
localparam MDD_DESC_CMB_MSG_W       = 16;
localparam MDD_DESC_REF_TAG_LSB     = 320;
localparam MDD_DESC_REF_TAG_W       = 48;
localparam MDD_DESC_FPDU_WOFF_LSB   = 368;
localparam MDD_DESC_FPDU_WOFF_W     = 16;
localparam MDD_DESC_DIF_PART_LSB    = 384;
localparam MDD_DESC_DIF_PART_W      = 64;
localparam MDD_DESC_HDIG_PART_LSB   = 448;
localparam MDD_DESC_HDIG_PART_W     = 32;
localparam MDD_DESC_MAX_DATA_LSB    = 480;
localparam MDD_DESC_MAX_DATA_W      = 24;

// ---- record COREDESC: 8 x 64 bits, field = coredesc[LSB +: W] ----
localparam MDD_COREDESC_BITS       = 512;
localparam MDD_COREDESC_TO_DEP_LSB = 58;
localparam MDD_COREDESC_TO_DEP_W   = 1;

// ---- record TXDESC: 8 x 64 bits, field = txdesc[LSB +: W] ----
localparam MDD_TXDESC_BITS         = 512;
localparam MDD_TXDESC_SKIP_LEN_LSB = 448;
localparam MDD_TXDESC_SKIP_LEN_W   = 32;
localparam MDD_TXDESC_PASS_LEN_LSB = 480;
localparam MDD_TXDESC_PASS_LEN_W   = 32;

// ---- record CTX: 16 x 64 bits, field = ctx[LSB +: W] ----
localparam MDD_CTX_BITS           = 1024;
localparam MDD_CTX_XFER_ID_LSB    = 512;
localparam MDD_CTX_XFER_ID_W      = 16;
localparam MDD_CTX_ERR_MAP_LSB    = 528;
localparam MDD_CTX_ERR_MAP_W      = 16;
localparam MDD_CTX_ERR_CODE_LSB   = 544;
localparam MDD_CTX_ERR_CODE_W     = 8;
localparam MDD_CTX_ERR_BYTE_LSB   = 552;
localparam MDD_CTX_ERR_BYTE_W     = 8;
localparam MDD_CTX_FRAME_LOST_LSB = 560;
localparam MDD_CTX_FRAME_LOST_W   = 1;
localparam MDD_CTX_MRK_UNV_LSB    = 561;
localparam MDD_CTX_MRK_UNV_W      = 1;
localparam MDD_CTX_ERR_OFF_LSB    = 576;
localparam MDD_CTX_ERR_OFF_W      = 32;
localparam MDD_CTX_ERR_UNIT_LSB   = 608;
localparam MDD_CTX_ERR_UNIT_W     = 32;
localparam MDD_CTX_ERR_EXP_LSB    = 640;
localparam MDD_CTX_ERR_EXP_W      = 64;
localparam MDD_CTX_ERR_GOT_LSB    = 704;
localparam MDD_CTX_ERR_GOT_W      = 64;
localparam MDD_CTX_BYTES_IN_LSB   = 768;
localparam MDD_CTX_BYTES_IN_W     = 32;
localparam MDD_CTX_BYTES_OUT_LSB  = 800;
localparam MDD_CTX_BYTES_OUT_W    = 32;
localparam MDD_CTX_BLOCKS_LSB     = 832;
localparam MDD_CTX_BLOCKS_W       = 32;
localparam MDD_CTX_PDUS_LSB       = 864;
localparam MDD_CTX_PDUS_W         = 32;
localparam MDD_CTX_ERR_COUNT_LSB  = 896;
localparam MDD_CTX_ERR_COUNT_W    = 32;
localparam MDD_CTX_MRK_COUNT_LSB  = 928;
localparam MDD_CTX_MRK_COUNT_W    = 32;

// ---- record CMBREC: 4 x 64 bits, field = cmbrec[LSB +: W] ----
localparam MDD_CMBREC_BITS          = 256;
localparam MDD_CMBREC_ID_LSB        = 0;
localparam MDD_CMBREC_ID_W          = 32;
localparam MDD_CMBREC_OP_LSB        = 32;
localparam MDD_CMBREC_OP_W          = 2;
localparam MDD_CMBREC_MODE_LSB      = 34;
localparam MDD_CMBREC_MODE_W        = 1;
localparam MDD_CMBREC_LEN_VALID_LSB = 35;
localparam MDD_CMBREC_LEN_VALID_W   = 1;
localparam MDD_CMBREC_CRC_VALID_LSB = 36;
localparam MDD_CMBREC_CRC_VALID_W   = 1;
localparam MDD_CMBREC_CRC_REG_LSB   = 37;
localparam MDD_CMBREC_CRC_REG_W     = 1;
localparam MDD_CMBREC_ADDR_LSB      = 64;
localparam MDD_CMBREC_ADDR_W        = 64;
localparam MDD_CMBREC_SEG_LEN_LSB   = 128;
localparam MDD_CMBREC_SEG_LEN_W     = 32;
localparam MDD_CMBREC_CRC_LSB       = 192;
localparam MDD_CMBREC_CRC_W         = 64;

// ---- record CMBRES: 8 x 64 bits, field = cmbres[LSB +: W] ----
localparam MDD_CMBRES_BITS          = 512;
localparam MDD_CMBRES_ID_LSB        = 0;
localparam MDD_CMBRES_ID_W          = 32;
localparam MDD_CMBRES_CODE_LSB      = 32;
localparam MDD_CMBRES_CODE_W        = 4;
localparam MDD_CMBRES_ERROR_LSB     = 36;
localparam MDD_CMBRES_ERROR_W       = 1;
localparam MDD_CMBRES_OP_LSB        = 37;
localparam MDD_CMBRES_OP_W          = 2;
localparam MDD_CMBRES_MODE_LSB      = 39;
localparam MDD_CMBRES_MODE_W        = 1;
localparam MDD_CMBRES_LEN_VALID_LSB = 40;
localparam MDD_CMBRES_LEN_VALID_W   = 1;
localparam MDD_CMBRES_CRC_VALID_LSB = 41;
localparam MDD_CMBRES_CRC_VALID_W   = 1;
localparam MDD_CMBRES_MATCH_LSB     = 42;
localparam MDD_CMBRES_MATCH_W       = 1;
localparam MDD_CMBRES_COMPLETE_LSB  = 43;
localparam MDD_CMBRES_COMPLETE_W    = 1;
localparam MDD_CMBRES_REJECTED_LSB  = 48;
localparam MDD_CMBRES_REJECTED_W    = 8;
localparam MDD_CMBRES_CRC_LSB       = 64;
localparam MDD_CMBRES_CRC_W         = 64;
localparam MDD_CMBRES_EXP_CRC_LSB   = 128;
localparam MDD_CMBRES_EXP_CRC_W     = 64;
localparam MDD_CMBRES_BYTES_LSB     = 192;
localparam MDD_CMBRES_BYTES_W       = 64;
localparam MDD_CMBRES_LO_LSB        = 256;
localparam MDD_CMBRES_LO_W          = 64;
localparam MDD_CMBRES_EOM_LSB       = 320;
localparam MDD_CMBRES_EOM_W         = 64;
localparam MDD_CMBRES_EXP_LSB       = 384;
localparam MDD_CMBRES_EXP_W         = 64;
localparam MDD_CMBRES_GOT_LSB       = 448;
localparam MDD_CMBRES_GOT_W         = 64;

// ---- record DEPCONN: 4 x 64 bits, field = depconn[LSB +: W] ----
localparam MDD_DEPCONN_BITS          = 256;
localparam MDD_DEPCONN_STATE_LSB     = 0;
localparam MDD_DEPCONN_STATE_W       = 2;
localparam MDD_DEPCONN_PD_LSB        = 16;
localparam MDD_DEPCONN_PD_W          = 16;
localparam MDD_DEPCONN_RHQ_LSB       = 32;
localparam MDD_DEPCONN_RHQ_W         = 8;
localparam MDD_DEPCONN_CQ_LSB        = 40;
localparam MDD_DEPCONN_CQ_W          = 8;
localparam MDD_DEPCONN_REPLY_LSB     = 48;
localparam MDD_DEPCONN_REPLY_W       = 16;
localparam MDD_DEPCONN_AREG_BASE_LSB = 64;
localparam MDD_DEPCONN_AREG_BASE_W   = 16;
localparam MDD_DEPCONN_AREG_LEN_LSB  = 80;
localparam MDD_DEPCONN_AREG_LEN_W    = 17;

// ---- record DEPREGION: 4 x 64 bits, field = depregion[LSB +: W] ----
localparam MDD_DEPREGION_BITS       = 256;
localparam MDD_DEPREGION_VALID_LSB  = 0;
localparam MDD_DEPREGION_VALID_W    = 1;
localparam MDD_DEPREGION_RIGHTS_LSB = 1;
localparam MDD_DEPREGION_RIGHTS_W   = 1;
localparam MDD_DEPREGION_KEY_LSB    = 8;
localparam MDD_DEPREGION_KEY_W      = 8;
localparam MDD_DEPREGION_PD_LSB     = 16;
localparam MDD_DEPREGION_PD_W       = 16;
localparam MDD_DEPREGION_BASE_LSB   = 64;
localparam MDD_DEPREGION_BASE_W     = 64;
localparam MDD_DEPREGION_LEN_LSB    = 128;
localparam MDD_DEPREGION_LEN_W      = 64;

// ---- record DEPAREG: 4 x 64 bits, field = depareg[LSB +: W] ----
localparam MDD_DEPAREG_BITS      = 256;
localparam MDD_DEPAREG_VALUE_LSB = 0;
localparam MDD_DEPAREG_VALUE_W   = 64;
localparam MDD_DEPAREG_PROT_LSB  = 64;
localparam MDD_DEPAREG_PROT_W    = 3;

// ---- record DEPRHQ: 4 x 64 bits, field = deprhq[LSB +: W] ----
localparam MDD_DEPRHQ_BITS         = 256;
localparam MDD_DEPRHQ_BASE_LSB     = 0;
localparam MDD_DEPRHQ_BASE_W       = 64;
localparam MDD_DEPRHQ_PTR_ADDR_LSB = 64;
localparam MDD_DEPRHQ_PTR_ADDR_W   = 64;
localparam MDD_DEPRHQ_LOG2N_LSB    = 128;
localparam MDD_DEPRHQ_LOG2N_W      = 5;
localparam MDD_DEPRHQ_TAIL_LSB     = 192;
localparam MDD_DEPRHQ_TAIL_W       = 32;
localparam MDD_DEPRHQ_HEAD_LSB     = 224;
localparam MDD_DEPRHQ_HEAD_W       = 32;

// ---- record DEPCQ: 4 x 64 bits, field = depcq[LSB +: W] ----
localparam MDD_DEPCQ_BITS       = 256;
localparam MDD_DEPCQ_BASE_LSB   = 0;
localparam MDD_DEPCQ_BASE_W     = 64;
localparam MDD_DEPCQ_LOG2N_LSB  = 128;
localparam MDD_DEPCQ_LOG2N_W    = 5;
localparam MDD_DEPCQ_EVT_ID_LSB = 144;
localparam MDD_DEPCQ_EVT_ID_W   = 16;
localparam MDD_DEPCQ_ARM_LSB    = 160;
localparam MDD_DEPCQ_ARM_W      = 2;
localparam MDD_DEPCQ_TAIL_LSB   = 192;
localparam MDD_DEPCQ_TAIL_W     = 32;
localparam MDD_DEPCQ_HEAD_LSB   = 224;
localparam MDD_DEPCQ_HEAD_W     = 32;

// ---- record DEPCQE: 4 x 64 bits, field = depcqe[LSB +: W] ----
localparam MDD_DEPCQE_BITS          = 256;
localparam MDD_DEPCQE_CODE_LSB      = 0;
localparam MDD_DEPCQE_CODE_W        = 8;
localparam MDD_DEPCQE_OPCODE_LSB    = 8;
localparam MDD_DEPCQE_OPCODE_W      = 8;
localparam MDD_DEPCQE_FLAGS_LSB     = 16;
localparam MDD_DEPCQE_FLAGS_W       = 8;
localparam MDD_DEPCQE_PHASE_LSB     = 24;
localparam MDD_DEPCQE_PHASE_W       = 1;
localparam MDD_DEPCQE_SOLICITED_LSB = 25;
localparam MDD_DEPCQE_SOLICITED_W   = 1;
localparam MDD_DEPCQE_IS_ERROR_LSB  = 26;
localparam MDD_DEPCQE_IS_ERROR_W    = 1;
localparam MDD_DEPCQE_CONN_LSB      = 32;
localparam MDD_DEPCQE_CONN_W        = 16;
localparam MDD_DEPCQE_FIELD_LSB     = 48;
localparam MDD_DEPCQE_FIELD_W       = 16;
localparam MDD_DEPCQE_MSG_TAG_LSB   = 64;
localparam MDD_DEPCQE_MSG_TAG_W     = 32;
localparam MDD_DEPCQE_LENGTH_LSB    = 96;
localparam MDD_DEPCQE_LENGTH_W      = 32;
localparam MDD_DEPCQE_EA_LSB        = 128;
localparam MDD_DEPCQE_EA_W          = 64;
localparam MDD_DEPCQE_PTR_LSB       = 192;
localparam MDD_DEPCQE_PTR_W         = 32;
localparam MDD_DEPCQE_REPLY_LSB     = 224;
localparam MDD_DEPCQE_REPLY_W       = 16;

// CRC inclusion mask of an engine (MDD_ENGINE_*) for a protocol (MDD_PROTO_*); 0 if none.
function [7:0] mdd_incl_mask(input integer engine, input integer proto);
    begin
        mdd_incl_mask = 8'h00;
        if (engine == MDD_ENGINE_HDIG && proto == MDD_PROTO_ISCSI) mdd_incl_mask = MDD_INCL_HDIG_ISCSI;
        if (engine == MDD_ENGINE_HDIG && proto == MDD_PROTO_MPA) mdd_incl_mask = MDD_INCL_HDIG_MPA;
        if (engine == MDD_ENGINE_HDIG && proto == MDD_PROTO_RAW) mdd_incl_mask = MDD_INCL_HDIG_RAW;
        if (engine == MDD_ENGINE_DDIG && proto == MDD_PROTO_ISCSI) mdd_incl_mask = MDD_INCL_DDIG_ISCSI;
        if (engine == MDD_ENGINE_DDIG && proto == MDD_PROTO_MPA) mdd_incl_mask = MDD_INCL_DDIG_MPA;
        if (engine == MDD_ENGINE_DDIG && proto == MDD_PROTO_RAW) mdd_incl_mask = MDD_INCL_DDIG_RAW;
        if (engine == MDD_ENGINE_GUARD && proto == MDD_PROTO_ISCSI) mdd_incl_mask = MDD_INCL_GUARD_ISCSI;
        if (engine == MDD_ENGINE_GUARD && proto == MDD_PROTO_MPA) mdd_incl_mask = MDD_INCL_GUARD_MPA;
        if (engine == MDD_ENGINE_GUARD && proto == MDD_PROTO_RAW) mdd_incl_mask = MDD_INCL_GUARD_RAW;
    end
endfunction

// A PI format's length in bytes (MDD_PI_*_LEN by PI_FMT); a code no format has: the longest (the
// descriptor check rejects it), as the C model's rule (16 unless T10) gives.
function [4:0] mdd_pi_len(input [1:0] fmt);
    begin
        mdd_pi_len = 5'd16;
        if (fmt == 2'd0) mdd_pi_len = 5'd8;
        if (fmt == 2'd1) mdd_pi_len = 5'd16;
        if (fmt == 2'd2) mdd_pi_len = 5'd16;
    end
endfunction

/* verilator lint_on UNUSEDPARAM */
