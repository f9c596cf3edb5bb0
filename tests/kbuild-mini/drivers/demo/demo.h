/* A header beside the files that no patch touches: a patched copy built from the build directory must still find it (KCFLAGS). */
#define DEMO_NO_MTU 0
