/* The last pass (i == nr_ports) flushes instead of indexing: the author
 * made the extra iteration on purpose and guards the array access. The
 * second loop has the same shape without the guard. */
struct port { int state; };

void port_flush(void);
void port_poll(struct port *p);

void ports_poll_all(struct port *ports, int nr_ports)
{
	int i;

	for (i = 0; i <= nr_ports; i++) {
		if (i == nr_ports) {
			port_flush();
			break;
		}
		port_poll(&ports[i]);
	}
}

void links_poll_all(struct port *links, int nlinks_total)
{
	int i;

	for (i = 0; i <= nlinks_total; i++)
		port_poll(&links[i]);
}

/*
 * check-name: i == nr_ports guard in the body versus the same loop without it
 * check-output-start
13:2: warning: nr_ports is a count but i reaches it: the loop runs nr_ports+1 times [loop-le-count] false-positive
26:2: warning: nlinks_total is a count but i reaches it: the loop runs nlinks_total+1 times [loop-le-count] bug
 * check-output-end
 */
