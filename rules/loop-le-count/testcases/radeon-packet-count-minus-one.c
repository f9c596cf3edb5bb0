/* A command-stream checker in the style of a GPU driver: the packet header
 * stores the number of payload dwords minus one, so pkt->count + 1 dwords
 * follow and "i <= pkt->count" visits each of them once. i only counts;
 * idx walks the buffer. */
typedef unsigned int u32;

struct cs_packet {
	unsigned idx;
	unsigned type;
	unsigned reg;
	int count;		/* payload dwords - 1, as the hardware encodes it */
};

struct cs_parser {
	u32 *ib;
	unsigned length_dw;
};

#define PACKET_GET_COUNT(h) (((h) >> 16) & 0x3FFF)

int cs_check_reg(struct cs_parser *p, unsigned idx, unsigned reg);

int cs_packet_parse(struct cs_parser *p, struct cs_packet *pkt, unsigned idx)
{
	u32 header = p->ib[idx];

	pkt->idx = idx;
	pkt->count = PACKET_GET_COUNT(header);
	if (pkt->count + 1 + pkt->idx >= p->length_dw)
		return -22;
	return 0;
}

int cs_parse_packet0(struct cs_parser *p, struct cs_packet *pkt)
{
	unsigned idx = pkt->idx + 1;
	unsigned reg = pkt->reg;
	int i, r;

	for (i = 0; i <= pkt->count; i++, idx++, reg += 4) {
		r = cs_check_reg(p, idx, reg);
		if (r)
			return r;
	}
	return 0;
}

/*
 * check-name: packet loop over a count-minus-one field, i is only a counter
 * check-output-start
40:2: warning: pkt->count is a count but i reaches it: the loop runs pkt->count+1 times [loop-le-count] false-positive
 * check-output-end
 */
