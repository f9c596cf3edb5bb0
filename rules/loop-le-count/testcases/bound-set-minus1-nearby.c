/* speed_table.count is a last index: another file of the subsystem sets it
 * from max_entry - 1 (speed-table-setup.h, as smu7_hwmgr.c does for the
 * polaris10 and vegam SMC tables), so <= visits each entry once. A field that
 * no file sets that way is still flagged. */
struct level { unsigned int sclk; };
struct table { int count; struct level levels[8]; };
struct dpm { struct table speed_table; struct table other_table; };
struct hw_data { struct dpm dpm; };

void program(unsigned int sclk);

void speed_levels(struct hw_data *hw)
{
	int i;

	for (i = 0; i <= hw->dpm.speed_table.count; i++)
		program(hw->dpm.speed_table.levels[i].sclk);
}

void other_levels(struct hw_data *hw)
{
	int i;

	for (i = 0; i <= hw->dpm.other_table.count; i++)
		program(hw->dpm.other_table.levels[i].sclk);
}

/*
 * check-name: a bound another file of the subsystem sets from X - 1
 * check-output-start
16:2: warning: hw->dpm.speed_table.count is a count but i reaches it: the loop runs hw->dpm.speed_table.count+1 times [loop-le-count] false-positive
24:2: warning: hw->dpm.other_table.count is a count but i reaches it: the loop runs hw->dpm.other_table.count+1 times [loop-le-count] false-positive
 * check-output-end
 */
