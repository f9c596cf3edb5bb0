/* A bound that is a quotient usually rounds a truncated division up, and the
 * last pass handles the partial chunk. When the body stores a whole element
 * at a[i] and nothing handles a remainder, the extra pass writes one element
 * past the end: the <= key_size / 4 overrun of an RSS key. */
void hw_write(unsigned int reg, unsigned int val);

void rss_set_key(unsigned int *key, const unsigned char *src, int key_size)
{
	int i;

	for (i = 0; i <= key_size / 4; i++)
		key[i] = src[4 * i] | src[4 * i + 1] << 8;
}

void fifo_write(const unsigned char *buf, int len)
{
	int i;

	for (i = 0; i <= len / 4; i++) {
		unsigned int word = 0;
		int n = len - 4 * i < 4 ? len % 4 : 4;

		__builtin_memcpy(&word, buf + 4 * i, n);
		hw_write(0x10, word);
	}
}

/*
 * check-name: a quotient bound with a whole store and no remainder handling
 * check-output-start
11:2: warning: key_size / 4 is a count but i reaches it: the loop runs (key_size / 4)+1 times [loop-le-count] bug
19:2: warning: len / 4 is a count but i reaches it: the loop runs (len / 4)+1 times [loop-le-count] false-positive
 * check-output-end
 */
