//! `<upc_io.h>`: UPC parallel I/O.
