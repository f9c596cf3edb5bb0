/* n_found is the number of entries filled (found[n_found++] = ...): a
 * cardinal by construction, so found[n_found] was never written. The
 * second function fills with a pre-increment (found[++last] = ...) and
 * uses last as an index, so it is named like an ordinal and quiet. */
struct scan { int found[32]; int n_found; int last; };

int probe(int addr);
void report(int addr);

void scan_bus(struct scan *s)
{
	int addr, i;

	s->n_found = 0;
	for (addr = 0; addr < 32; addr++)
		if (probe(addr))
			s->found[s->n_found++] = addr;
	for (i = 0; i <= s->n_found; i++)
		report(s->found[i]);
}

void scan_bus_last(struct scan *s)
{
	int addr, i;

	s->last = -1;
	for (addr = 0; addr < 32; addr++)
		if (probe(addr))
			s->found[++s->last] = addr;
	for (i = 0; i <= s->last; i++)
		report(s->found[i]);
}

/*
 * check-name: bound filled as found[n_found++] (bug) versus an index filled by ++last (quiet)
 * check-output-start
18:2: warning: s->n_found is a count but i reaches it: the loop runs s->n_found+1 times [loop-le-count] intended
 * check-output-end
 */
