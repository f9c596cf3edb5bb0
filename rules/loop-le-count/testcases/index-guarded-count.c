/* A two-cursor matching walk (intel_th_output_enable()): dst runs to the
 * count num_devs on purpose, the pass dst == num_devs meaning "no match,
 * allocate one", and devs[dst] is read only inside the inner loop that
 * tests dst < num_devs first. num_devs is surely a count (filled as
 * devs[num_devs++], bounded with < elsewhere), but the extra pass never
 * indexes: a deliberate extra pass, not an overrun. */
struct dev { int type; };

struct hub {
	int num_devs;
	struct dev *devs[8];
};

struct dev *dev_alloc(int type);

int hub_add_output(struct hub *hub, int type)
{
	int dst;

	for (dst = 0; dst <= hub->num_devs; dst++) {
		for (; dst < hub->num_devs; dst++) {
			if (hub->devs[dst]->type == type)
				break;
		}
		if (dst == hub->num_devs)
			goto found;
	}
	return -1;

found:
	hub->devs[hub->num_devs++] = dev_alloc(type);
	return 0;
}

int hub_count(struct hub *hub, int type)
{
	int i, n = 0;

	for (i = 0; i < hub->num_devs; i++)
		n += hub->devs[i]->type == type;
	return n;
}

/*
 * check-name: an inner loop's i < E test guards the array; count evidence then carries no weight
 * check-output-start
20:2: warning: hub->num_devs is a count but dst reaches it: the loop runs hub->num_devs+1 times [loop-le-count] false-positive
 * check-output-end
 */
