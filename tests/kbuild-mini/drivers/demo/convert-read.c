#include "convert.h"

void convert_dev_publish(struct convert_dev *d, struct convert_conf *c)
{
	rcu_assign_pointer(d->conf, c);
}

int convert_dev_mtu(struct convert_dev *d)
{
	struct convert_conf *c;
	int mtu = 0;

	if (!READ_ONCE(d->conf))
		return 0;
	rcu_read_lock();
	c = d->conf;
	if (c)
		mtu = c->mtu;
	rcu_read_unlock();
	return mtu;
}
