/* An i2c bus algorithm in the style of drivers/i2c/algos: the controller
 * needs one dummy read before data arrives, so the read loop runs count+1
 * times, stores byte i into buf[i - 1] and treats the last pass specially.
 * The file's one other loop, over another function's count with <, is no
 * majority to deviate from: nothing here says bug. */
struct adapter;

int wait_for_pin(struct adapter *adap, int *status);
unsigned char bus_inb(struct adapter *adap);
void bus_outb(struct adapter *adap, unsigned char c);
void bus_stop(struct adapter *adap);
void set_nack(struct adapter *adap);

#define LRB 0x08

int bus_sendbytes(struct adapter *adap, const char *buf, int count)
{
	int wrcount, status;

	for (wrcount = 0; wrcount < count; ++wrcount) {
		bus_outb(adap, buf[wrcount]);
		if (wait_for_pin(adap, &status))
			return -1;
	}
	return wrcount;
}

int bus_readbytes(struct adapter *adap, char *buf, int count)
{
	int i, status;

	/* increment number of bytes to read by one -- read dummy byte */
	for (i = 0; i <= count; i++) {
		if (wait_for_pin(adap, &status))
			return -1;
		if ((status & LRB) && (i != count))
			return -5;
		if (i == count - 1)
			set_nack(adap);
		else if (i == count)
			bus_stop(adap);
		if (i)
			buf[i - 1] = bus_inb(adap);
		else
			bus_inb(adap);
	}
	return i - 1;
}

/*
 * check-name: dummy-byte read loop: commented, guarded, shifted index
 * check-output-start
33:2: warning: count is a count but i reaches it: the loop runs count+1 times [loop-le-count] false-positive
 * check-output-end
 */
