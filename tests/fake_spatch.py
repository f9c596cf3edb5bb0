#!/usr/bin/python3
"""A stand-in for spatch, placed on PATH by tests: behaves by file name.

It reads --file-groups like spatch, announces each file on stderr with
"HANDLING:", and then: a file whose name contains "crash" kills the process
with SIGSEGV, "hang" sleeps forever, "exit3" exits with status 3, "parsefail"
prints spatch's parse error message, "exn" the exception it gives up on a
whole file with (and no record), "pyfail" a rule script's traceback and the
exception spatch goes on to the next file after (and no record), "slow" prints spatch's own timeout
message (and no record; each such run appends a line to $FAKE_SPATCH_LOG when
set); every other file gets one record line from the rule at 1:1. A rule
named "broken" fails the same way on every file. With $FAKE_SPATCH_ORDER set,
each run appends its rule's name there when it starts. With $FAKE_SPATCH_DEFER
set, the records are printed only at the end, as rules that report at
@finalize do (rcu-cross-pointer; cocci/lockers/record.py); a batch holding
a file named "finalcrash" crashes then. A file named "nap" sleeps
$FAKE_SPATCH_NAP seconds (default 0) before its record. A file named
"morph" gets a record whose message holds the file's first line as read
now; with $FAKE_SPATCH_MORPH set, the file is first rewritten with that
text, as an editor saving it in the middle of the scan would.
"""
import os
import signal
import sys
import time


def main(argv):
    if "--version" in argv:
        print("spatch version 1.1.1 (fake)")
        return 0
    groups = argv[argv.index("--file-groups") + 1]
    rule = os.path.basename(argv[argv.index("--sp-file") + 1])[:-len(".cocci")]
    with open(groups) as f:
        files = [l.strip() for l in f if l.strip()]
    if os.environ.get("FAKE_SPATCH_ORDER"):
        with open(os.environ["FAKE_SPATCH_ORDER"], "a") as log:
            log.write(rule + "\n")
    defer = bool(os.environ.get("FAKE_SPATCH_DEFER"))
    pending = []
    for path in files:
        sys.stderr.write("HANDLING: %s\n" % path)
        sys.stderr.flush()
        # lockers hands files over as symlinks, or as function-scoped copies
        # beside the links (LOCKERS_ORIGINALS)
        real = os.path.basename(os.path.realpath(os.path.join(os.environ.get("LOCKERS_ORIGINALS", ""), path)))
        if rule == "broken":
            sys.stderr.write("Fatal error: the rule is broken\n")
            return 1
        if "crash" in real:
            os.kill(os.getpid(), signal.SIGSEGV)
        if "hang" in real:
            time.sleep(3600)
        if "exit3" in real:
            sys.stderr.write("Fatal error: fake failure\n")
            return 3
        if "slow" in real:
            sys.stderr.write("timeout (we abort)\n")
            sys.stderr.flush()
            if os.environ.get("FAKE_SPATCH_LOG"):
                with open(os.environ["FAKE_SPATCH_LOG"], "a") as log:
                    log.write(real + "\n")
            continue
        if "exn" in real:
            sys.stderr.write('EXN: Failure("lexing: empty token") in %s\n' % path)
            continue
        if "pyfail" in real:
            sys.stderr.write('Traceback (most recent call last):\n  File "<string>", line 4, in <module>\n'
                             "NameError: name 'helper' is not defined\n")
            sys.stderr.write('EXN: Failure("Error in Python script, line 9, file \\"%s.cocci\\": '
                             'Python failure") in %s\n' % (rule, path))
            continue
        if "parsefail" in real:
            sys.stderr.write("parse error \n = error in %s; set verbose_parsing for more info\n" % path)
            sys.stderr.write("badcount: 1\nBAD:!!!!! int f(void) { return x +* ; }\n")
        message = "fake finding"
        if "nap" in real:
            time.sleep(float(os.environ.get("FAKE_SPATCH_NAP", "0")))
        if "morph" in real:
            original = os.path.realpath(os.path.join(os.environ.get("LOCKERS_ORIGINALS", ""), path))
            if os.environ.get("FAKE_SPATCH_MORPH"):
                with open(original, "w") as f:
                    f.write(os.environ["FAKE_SPATCH_MORPH"])
            with open(original) as f:
                message += ": " + f.readline().strip()
        if "reads" in real:
            # The file's finding depends on FAKE_SPATCH_READS, a file beside
            # nothing the scan walks; then two read records the driver refuses.
            dep = os.environ["FAKE_SPATCH_READS"]
            st = os.stat(dep)
            sys.stdout.write("LOCKERS-READ\t%s\t%s\tf%d:%d:%d:%d\n" % (
                path, dep, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino))
            sys.stdout.write("LOCKERS-READ\t%s\tno stamp\n" % path)
            sys.stdout.write("LOCKERS-READ\t999.c\t%s\t-\n" % dep)
            with open(dep) as f:
                message += ": " + f.readline().strip()
        record = "LOCKERS\t1\t%s\t%s\t1\t1\tf\tkey\t%s\n" % (rule, path, message)
        if defer:
            pending.append(record)
            continue
        sys.stdout.write(record)
        sys.stdout.flush()
    if any("finalcrash" in os.path.basename(f) for f in files):
        os.kill(os.getpid(), signal.SIGSEGV)    # in @finalize, after every file
    for record in pending:
        sys.stdout.write(record)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
