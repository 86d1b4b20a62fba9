#ifndef REPORT_H
#define REPORT_H

void report(const char *what, double value);
int reports_made(void);

#endif
