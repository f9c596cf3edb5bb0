/* A buffer and its length passed together (i2c_smbus_pec(crc, p, count)):
 * the body indexes p with i up to count, one past what the caller handed
 * in. Not when the length sits apart from the buffer, when the function
 * changes it first, or when the bound is a pointer's pointee. */
typedef unsigned char u8;
#include <stddef.h>

u8 crc8(u8 crc, u8 data);

u8 pec_sum(u8 crc, u8 *p, size_t count)
{
	int i;

	for (i = 0; i <= count; i++)
		crc = crc8(crc, p[i]);
	return crc;
}

u8 pec_apart(u8 *p, u8 crc, size_t len)
{
	int i;

	for (i = 0; i <= len; i++)
		crc = crc8(crc, p[i]);
	return crc;
}

u8 pec_trimmed(u8 crc, u8 *p, size_t size)
{
	int i;

	size--;
	for (i = 0; i <= size; i++)
		crc = crc8(crc, p[i]);
	return crc;
}

/*
 * check-name: the bound is the length passed beside the indexed buffer
 * check-output-start
14:2: warning: count is a count but i reaches it: the loop runs count+1 times [loop-le-count] bug
23:2: warning: len is a count but i reaches it: the loop runs len+1 times [loop-le-count] intended
33:2: warning: size is a count but i reaches it: the loop runs size+1 times [loop-le-count] intended
 * check-output-end
 */
