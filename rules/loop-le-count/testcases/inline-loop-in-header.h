/* A header's static inline helper holds the <= count loop: headers are
 * scanned like .c files, and the finding is reported in the header. The
 * helper beside it bounds the same count with < and stays quiet. */
struct port_table { int nr_ports; int *ports; };

void port_reset(int *port);

static inline void port_table_reset(struct port_table *t)
{
	int i;

	for (i = 0; i <= t->nr_ports; i++)
		port_reset(&t->ports[i]);
}

static inline int port_table_first_free(const struct port_table *t)
{
	int i;

	for (i = 0; i < t->nr_ports; i++)
		if (!t->ports[i])
			return i;
	return -1;
}

/*
 * check-name: a <= count loop in a header's static inline is reported in the header
 * check-output-start
12:2: warning: t->nr_ports is a count but i reaches it: the loop runs t->nr_ports+1 times [loop-le-count] intended
 * check-output-end
 */
