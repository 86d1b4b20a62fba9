/* upc-check-test
 * expect: clean
 * threads: 1 2 3 4 5 8
 * static: yes
 * stdout: collectives2: all checks passed
 * timeout: 120
 */
/* collectives2.upc compiled with a static THREADS (-T N). */
#include "collectives2.upc"
