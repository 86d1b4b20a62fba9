#ifndef APP_H
#define APP_H
#define APP_NAME "cmake-style app"
#endif
