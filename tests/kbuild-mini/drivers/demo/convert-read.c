#include "convert.h"
#include "demo.h"

void convert_dev_publish(struct convert_dev *d, struct convert_conf *c)
{
	rcu_assign_pointer(d->conf, c);
}

int convert_dev_mtu(struct convert_dev *d)
{
	struct convert_conf *c;
	int mtu = DEMO_NO_MTU;

	if (!READ_ONCE(d->conf))
		return 0;
	rcu_read_lock();
	c = d->conf;
	if (c)
		mtu = c->mtu;
	rcu_read_unlock();
	return mtu;
}
