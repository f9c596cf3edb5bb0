/* Helper of bound-set-minus1-nearby.c: another file of the subsystem fills
 * the table and stores its count as the last index. */
static inline void speed_table_setup(struct hw_data *hw, int max_entry)
{
	hw->dpm.speed_table.count = max_entry - 1;
}

/*
 * check-name: a header with no loop: scanned, quiet
 * check-output-start
 * check-output-end
 */
