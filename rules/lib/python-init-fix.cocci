// The same for a fix (build/rules/fix/<rule>.cocci): the package is one directory up.
import os, sys
argv = open("/proc/self/cmdline").read().replace("--cocci-file", "--sp-file").split("\0")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(argv[argv.index("--sp-file") + 1]))) if "--sp-file" in argv else os.environ["LOCKERS_COCCI_DIR"])
sys.dont_write_bytecode = True
