//! The bundled shared-memory PGAS runtime.
