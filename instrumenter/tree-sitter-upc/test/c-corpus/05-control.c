int classify(int c) {
    switch (c) {
    case 'a': case 'e': case 'i': case 'o': case 'u':
        return 1;
    case '0': case '9':
        return 2;
    default:
        break;
    }
    return 0;
}

int loops(int n) {
    int total = 0, i = 0;
    while (i < n) {
        if (i % 2 == 0) { i++; continue; }
        total += i++;
    }
    do {
        total--;
    } while (total > 100);
    for (;;) {
        if (total < 0) goto done;
        total -= 7;
    }
done:
    return total;
}

unsigned bits(unsigned x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x ^= ~x | (x << 3) & -x;
    return !x ? 0 : (x * 0x01010101u) >> 24;
}
