//! Build script: compiles the C shims of the runtime (long double reductions, the weak
//! public names of the collectives, Berkeley UPC timers and extensions).
use std::path::PathBuf;
use std::process::Command;

fn main() {
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let mut objs = Vec::new();
    // the shims include upcr.h and bupc_extensions.h
    println!("cargo:rerun-if-changed=include");
    for src in [
        "src/collectives/ld_shim.c",
        "src/collectives/weak_api.c",
        "src/collectives/coll2/ld2.c",
        "src/bupc_tick.c",
        "src/bupc_ext.c",
    ] {
        println!("cargo:rerun-if-changed={src}");
        let stem = std::path::Path::new(src).file_stem().unwrap();
        let obj = out.join(stem).with_extension("o");
        let ok = Command::new(&cc)
            .args(["-O2", "-fPIC", "-Wall", "-Wextra", "-c", src, "-o"])
            .arg(&obj)
            .status()
            .map(|s| s.success())
            .unwrap_or(false);
        if !ok {
            eprintln!("error: could not compile {src} with {cc}");
            std::process::exit(1);
        }
        objs.push(obj);
    }
    let lib = out.join("libupcr_shims.a");
    let _ = std::fs::remove_file(&lib);
    let ok = Command::new("ar")
        .arg("crs")
        .arg(&lib)
        .args(&objs)
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    if !ok {
        eprintln!("error: could not archive {}", lib.display());
        std::process::exit(1);
    }
    println!("cargo:rustc-link-search=native={}", out.display());
    println!("cargo:rustc-link-lib=static=upcr_shims");
}
