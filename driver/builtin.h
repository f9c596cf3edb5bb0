/* The subcommands of the lockers CLI, one file each (git-style). */
#ifndef LOCKERS_BUILTIN_H
#define LOCKERS_BUILTIN_H

int cmd_check(int argc, char **argv);
int cmd_rules(int argc, char **argv);
int cmd_triage(int argc, char **argv);
int cmd_gate(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_fix(int argc, char **argv);

#endif
