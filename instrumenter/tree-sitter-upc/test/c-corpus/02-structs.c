#include <stddef.h>

typedef struct node {
    struct node *next, *prev;
    union {
        long as_long;
        double as_double;
        char bytes[sizeof(double)];
    } value;
    unsigned flags : 3;
    enum { RED, GREEN = 4, BLUE } color;
} node_t;

struct point { int x, y; };

static const struct point origin = { .x = 0, .y = 0 };
static struct point corners[] = { [0] = { 1, 2 }, [3].x = 7, };

size_t offset_of_value(void) { return offsetof(node_t, value); }

struct point add(struct point a, struct point b) {
    return (struct point){ a.x + b.x, a.y + b.y };
}

void unlink_node(node_t *n) {
    if (n->prev) n->prev->next = n->next;
    if (n->next) n->next->prev = n->prev;
    n->next = n->prev = NULL;
}
