/* forced in front of every translation unit with -include */
#define PRELUDE_SEEN 1
#define SQUARE(x) ((x) * (x))
