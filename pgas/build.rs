//! Build script: compiles the C shims of the runtime (long double reductions).
use std::path::PathBuf;
use std::process::Command;

fn main() {
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let src = "src/collectives/ld_shim.c";
    println!("cargo:rerun-if-changed={src}");
    let obj = out.join("ld_shim.o");
    let ok = Command::new(&cc)
        .args(["-O2", "-fPIC", "-c", src, "-o"])
        .arg(&obj)
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    if !ok {
        eprintln!("error: could not compile {src} with {cc}");
        std::process::exit(1);
    }
    let lib = out.join("libupcr_shims.a");
    let _ = std::fs::remove_file(&lib);
    let ok = Command::new("ar")
        .arg("crs")
        .arg(&lib)
        .arg(&obj)
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
