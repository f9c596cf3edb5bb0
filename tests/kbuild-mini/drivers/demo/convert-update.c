#include "convert.h"

int convert_dev_mtu_locked(struct convert_dev *d)
{
	struct convert_conf *c = d->conf;

	return c ? c->mtu : 0;
}
