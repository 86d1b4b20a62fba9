//! Build script of the MPI conduit: find the installed MPI through its compiler wrapper
//! (`mpicc --showme:*`, Open MPI; `MPICC` names another wrapper), generate raw bindings from
//! its `mpi.h` with bindgen (libclang loaded at run time), compile the C shim, and set
//! `cfg(have_mpi)`.  Without MPI or libclang the crate builds to a stub (no conduit, no marker
//! symbol), so the workspace builds on a machine without them and `upc-check -network=mpi`
//! says what to install.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(have_mpi)");
    println!("cargo:rerun-if-changed=src/shim.c");
    println!("cargo:rerun-if-changed=src/shim.h");
    println!("cargo:rerun-if-env-changed=MPICC");
    println!("cargo:rerun-if-env-changed=LIBCLANG_PATH");
    let mpicc = std::env::var("MPICC").unwrap_or_else(|_| "mpicc".into());
    let Some(mpi) = find_mpi(&mpicc) else {
        // Rebuild once MPI appears where a package would put it (a missing path makes cargo
        // rerun this script on every build: cheap, and the stub is found out of date at once).
        for p in ["/usr/bin/mpicc", "/usr/local/bin/mpicc"] {
            println!("cargo:rerun-if-changed={p}");
        }
        return;
    };
    println!("cargo:rerun-if-changed={}", mpi.header.display());
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    let bindings = std::panic::catch_unwind(|| {
        bindgen::Builder::default()
            .header("src/shim.h")
            .clang_args(mpi.incdirs.iter().map(|d| format!("-I{}", d.display())))
            .allowlist_function("MPI_.*")
            .allowlist_function("upcr_mpi_.*")
            .allowlist_type("MPI_.*")
            .allowlist_var("upcr_mpi_.*")
            .generate()
    });
    let bindings = match bindings {
        Ok(Ok(b)) => b,
        _ => {
            println!(
                "cargo:warning=the MPI conduit is not built: bindgen could not read {} \
                 (is libclang installed? apt-get install libclang-dev)",
                mpi.header.display()
            );
            return;
        }
    };
    bindings
        .write_to_file(out.join("mpi_bindings.rs"))
        .expect("cannot write the MPI bindings");
    compile_shim(&out, &mpi);
    for d in &mpi.libdirs {
        println!("cargo:rustc-link-search=native={}", d.display());
    }
    for l in &mpi.libs {
        println!("cargo:rustc-link-lib=dylib={l}");
    }
    println!("cargo:rustc-cfg=have_mpi");
}

/// What the MPI compiler wrapper says about the installed MPI.
struct Mpi {
    incdirs: Vec<PathBuf>,
    libdirs: Vec<PathBuf>,
    libs: Vec<String>,
    header: PathBuf,
}

fn showme(mpicc: &str, what: &str) -> Option<Vec<String>> {
    let o = Command::new(mpicc)
        .arg(format!("--showme:{what}"))
        .output()
        .ok()?;
    o.status.success().then(|| {
        String::from_utf8_lossy(&o.stdout)
            .split_whitespace()
            .map(str::to_string)
            .collect()
    })
}

fn find_mpi(mpicc: &str) -> Option<Mpi> {
    let incdirs: Vec<PathBuf> = showme(mpicc, "incdirs")?
        .into_iter()
        .map(PathBuf::from)
        .collect();
    let header = incdirs
        .iter()
        .map(|d| d.join("mpi.h"))
        .find(|h| h.is_file())?;
    Some(Mpi {
        libdirs: showme(mpicc, "libdirs")?
            .into_iter()
            .map(PathBuf::from)
            .collect(),
        libs: showme(mpicc, "libs")?,
        incdirs,
        header,
    })
}

fn compile_shim(out: &Path, mpi: &Mpi) {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let obj = out.join("shim.o");
    let ok = Command::new(&cc)
        .args(["-O2", "-fPIC", "-Wall", "-Wextra", "-c", "src/shim.c", "-o"])
        .arg(&obj)
        .args(mpi.incdirs.iter().map(|d| format!("-I{}", d.display())))
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    let lib = out.join("libupcr_mpi_shim.a");
    let _ = std::fs::remove_file(&lib);
    let ok = ok
        && Command::new("ar")
            .arg("crs")
            .arg(&lib)
            .arg(&obj)
            .status()
            .map(|s| s.success())
            .unwrap_or(false);
    if !ok {
        eprintln!("error: could not compile src/shim.c with {cc}");
        std::process::exit(1);
    }
    println!("cargo:rustc-link-search=native={}", out.display());
    println!("cargo:rustc-link-lib=static=upcr_mpi_shim");
}
