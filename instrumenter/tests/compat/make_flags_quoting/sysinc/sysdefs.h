/* found through -isystem: a system header, so its warnings are silenced */
#define SYS_LIMIT 1000
static int sys_unused_helper(int x) { int unused; return x; }
