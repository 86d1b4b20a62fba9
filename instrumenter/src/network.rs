//! The network (conduit) a program is built for, as Berkeley UPC's `-network=` names it:
//! `smp` (default: the bundled fork-based runtime, `libcheckrt.a`) or `mpi` (the MPI conduit,
//! `libpgas_mpi.a` from `pgas/mpi/`, plus the MPI library).  This module owns how the driver
//! finds and links the MPI conduit and how `upcrun` tells an MPI build from an smp one.
//!
//! An MPI build carries the section [`MARKER_SECTION`] (contents `mpi`), defined by the
//! conduit's C shim next to the symbol [`MPI_MARKER`], which the driver forces into the link
//! (`-Wl,-u,upcr_mpi_conduit`); a section survives `strip`.  A `libpgas_mpi.a` built without
//! MPI or libclang is a stub without that symbol: the driver reads the archive's symbol index to
//! know whether the conduit is really there.

use std::path::Path;

/// A network of `-network=NAME`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Network {
    /// One machine, one process per thread forked by the program itself.
    #[default]
    Smp,
    /// MPI-3: one process per thread started by `mpirun`.
    Mpi,
}

/// Berkeley UPC's conduits for clusters and machines other than these two: a Makefile that
/// names one builds for one machine (`smp`), with a warning.
pub const BERKELEY_CONDUITS: &[&str] = &[
    "udp", "ibv", "aries", "gemini", "ofi", "ucx", "pami", "portals4", "mxm", "psm", "shmem",
];

impl Network {
    /// The network of upcc's `-network=NAME`: `smp`, `mpi`, or one of Berkeley's other
    /// conduits, built for `smp` (the second value says so: a warning); anything else is an
    /// error naming what exists.
    pub fn of_upcc_option(name: &str) -> Result<(Network, Option<String>), String> {
        if BERKELEY_CONDUITS.contains(&name) {
            return Ok((
                Network::Smp,
                Some(format!(
                    "-network={name}: building for one machine (-network=smp); -network=mpi runs on several"
                )),
            ));
        }
        Network::parse(name).map(|n| (n, None))
    }

    /// `smp` or `mpi`; anything else is an error naming what exists.
    pub fn parse(name: &str) -> Result<Network, String> {
        match name {
            "smp" => Ok(Network::Smp),
            "mpi" => Ok(Network::Mpi),
            _ => Err(format!(
                "unknown network `{name}` (this upc-check builds for -network=smp, the default, \
                 and -network=mpi)"
            )),
        }
    }
}

/// The symbol that only a real MPI conduit defines (the C shim's marker).
pub const MPI_MARKER: &str = "upcr_mpi_conduit";
/// The ELF section that says which network an executable was built for.
pub const MARKER_SECTION: &str = ".upcc_network";
/// The runtime library of MPI builds (in the same directory as libcheckrt.a).
pub const MPI_LIBRARY: &str = "libpgas_mpi.a";

/// What to do when the MPI conduit is not there.
pub const MPI_MISSING_HELP: &str = "the MPI conduit is not installed: upc-check was built without \
Open MPI or without libclang (needed to generate the MPI bindings). Install them (Debian/Ubuntu: \
apt-get install libopenmpi-dev openmpi-bin libclang-dev), then rebuild upc-check \
(cargo build --release) and build with -network=mpi again";

/// Whether the `ar` archive at `path` defines `symbol`, from its symbol index (GNU `/` or
/// `/SYM64/` member).  An archive without an index defines nothing.
pub fn archive_defines(path: &Path, symbol: &str) -> std::io::Result<bool> {
    let data = std::fs::read(path)?;
    Ok(archive_symbols(&data).is_some_and(|names| names.iter().any(|n| *n == symbol.as_bytes())))
}

fn archive_symbols(data: &[u8]) -> Option<Vec<&[u8]>> {
    let rest = data.strip_prefix(b"!<arch>\n")?;
    let header = rest.get(..60)?;
    let name = std::str::from_utf8(&header[..16]).ok()?.trim_end();
    let size: usize = std::str::from_utf8(&header[48..58])
        .ok()?
        .trim()
        .parse()
        .ok()?;
    let body = rest.get(60..60 + size)?;
    let word = match name {
        "/" => 4,
        "/SYM64/" => 8,
        _ => return None,
    };
    let count = body
        .get(..word)?
        .iter()
        .fold(0usize, |n, &b| (n << 8) | b as usize);
    let strings = body.get(word + count.checked_mul(word)?..)?;
    Some(strings.split(|&b| b == 0).take(count).collect())
}

/// The network an executable was built for: `Mpi` when it has the marker section saying so.
pub fn of_executable(path: &Path) -> std::io::Result<Network> {
    let data = std::fs::read(path)?;
    Ok(match elf_section(&data, MARKER_SECTION) {
        Some(bytes) if bytes.split(|&b| b == 0).next() == Some(b"mpi") => Network::Mpi,
        _ => Network::Smp,
    })
}

/// The contents of the section `name` of a 64-bit little-endian ELF file.
fn elf_section<'a>(data: &'a [u8], name: &str) -> Option<&'a [u8]> {
    if data.get(..6)? != b"\x7fELF\x02\x01" {
        return None;
    }
    let u16_at = |o: usize| Some(u16::from_le_bytes(data.get(o..o + 2)?.try_into().ok()?));
    let u32_at = |o: usize| Some(u32::from_le_bytes(data.get(o..o + 4)?.try_into().ok()?));
    let u64_at = |o: usize| Some(u64::from_le_bytes(data.get(o..o + 8)?.try_into().ok()?));
    let shoff = u64_at(0x28)? as usize;
    let shentsize = u16_at(0x3a)? as usize;
    let shnum = u16_at(0x3c)? as usize;
    let shstrndx = u16_at(0x3e)? as usize;
    let section = |i: usize| -> Option<(usize, usize, usize)> {
        let h = shoff.checked_add(i.checked_mul(shentsize)?)?;
        Some((
            u32_at(h)? as usize,
            u64_at(h + 0x18)? as usize,
            u64_at(h + 0x20)? as usize,
        ))
    };
    let (_, str_off, str_size) = section(shstrndx)?;
    let names = data.get(str_off..str_off.checked_add(str_size)?)?;
    (0..shnum).find_map(|i| {
        let (n, off, size) = section(i)?;
        let sname = names.get(n..)?.split(|&b| b == 0).next()?;
        (sname == name.as_bytes()).then(|| data.get(off..off.checked_add(size)?))?
    })
}

/// The linker options of the installed MPI (`mpicc --showme:link`; `MPICC` names another
/// wrapper).
pub fn mpi_link_flags() -> Result<Vec<String>, String> {
    let mpicc = std::env::var("MPICC").unwrap_or_else(|_| "mpicc".into());
    let o = std::process::Command::new(&mpicc)
        .arg("--showme:link")
        .output()
        .map_err(|e| format!("cannot run {mpicc} --showme:link: {e}; {MPI_MISSING_HELP}"))?;
    if !o.status.success() {
        return Err(format!(
            "{mpicc} --showme:link failed: {}",
            String::from_utf8_lossy(&o.stderr).trim()
        ));
    }
    Ok(String::from_utf8_lossy(&o.stdout)
        .split_whitespace()
        .map(str::to_string)
        .collect())
}

/// The first library named by `-lNAME` in `link` (MPI's link options) that has no static
/// archive `libNAME.a` in the `-L` folders of `link` nor where the C compiler `cc` looks
/// (`-print-file-name`): a `-static` link would fail on it.
pub fn without_static_library(link: &[String], cc: &std::process::Command) -> Option<String> {
    let dirs: Vec<&str> = link.iter().filter_map(|a| a.strip_prefix("-L")).collect();
    link.iter()
        .filter_map(|a| a.strip_prefix("-l"))
        .find_map(|name| {
            let file = format!("lib{name}.a");
            if dirs.iter().any(|d| Path::new(d).join(&file).is_file()) {
                return None;
            }
            let mut ask = std::process::Command::new(cc.get_program());
            ask.args(cc.get_args())
                .arg(format!("-print-file-name={file}"));
            let found = ask.output().ok().is_some_and(|o| {
                Path::new(String::from_utf8_lossy(&o.stdout).trim()).is_absolute()
            });
            (!found).then(|| name.to_string())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn network_names() {
        assert_eq!(Network::parse("smp"), Ok(Network::Smp));
        assert_eq!(Network::parse("mpi"), Ok(Network::Mpi));
        assert!(Network::parse("udp")
            .unwrap_err()
            .contains("unknown network `udp`"));
        let (n, w) = Network::of_upcc_option("ibv").unwrap();
        assert_eq!(n, Network::Smp);
        assert!(w.unwrap().contains("-network=ibv"));
        assert!(Network::of_upcc_option("nosuch").is_err());
    }

    /// An archive with a GNU symbol index naming `syms`.
    fn archive(syms: &[&str]) -> Vec<u8> {
        let mut body = (syms.len() as u32).to_be_bytes().to_vec();
        for _ in syms {
            body.extend(0u32.to_be_bytes());
        }
        for s in syms {
            body.extend(s.as_bytes());
            body.push(0);
        }
        let mut a = b"!<arch>\n".to_vec();
        a.extend(
            format!(
                "{:<16}{:<12}{:<6}{:<6}{:<8}{:<10}`\n",
                "/",
                0,
                0,
                0,
                644,
                body.len()
            )
            .bytes(),
        );
        a.extend(body);
        a
    }

    #[test]
    fn archive_index_is_read() {
        let a = archive(&["upcc_main", MPI_MARKER]);
        let names = archive_symbols(&a).unwrap();
        assert_eq!(names, [b"upcc_main".as_slice(), MPI_MARKER.as_bytes()]);
        assert!(archive_symbols(&archive(&["upcc_main"]))
            .unwrap()
            .iter()
            .all(|n| *n != MPI_MARKER.as_bytes()));
        assert_eq!(archive_symbols(b"not an archive"), None);
    }

    #[test]
    fn executables_without_the_marker_are_smp() {
        // this test binary is an ELF file without the section
        let me = std::env::current_exe().unwrap();
        assert_eq!(of_executable(&me).unwrap(), Network::Smp);
        assert!(elf_section(&std::fs::read(&me).unwrap(), ".text").is_some());
    }
}
