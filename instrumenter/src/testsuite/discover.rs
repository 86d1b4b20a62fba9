//! Finding the test programs under a folder.

use super::*;

/// Finds every `*.upc` with a header under `dir`, sorted by path.
pub(super) fn discover(dir: &Path) -> Result<Vec<TestCase>> {
    let mut files = Vec::new();
    walk(dir, &mut files)?;
    files.sort();
    let mut cases = Vec::new();
    for path in files {
        // (a source in another encoding than UTF-8 still has an ASCII header)
        let src = fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
        let src = String::from_utf8_lossy(&src);
        let header = parse_header(&src).with_context(|| format!("in {}", path.display()))?;
        let Some(header) = header else { continue };
        let rel = path.strip_prefix(dir).unwrap_or(&path);
        let name = rel.display().to_string();
        let category = if rel.components().count() > 1 {
            rel.components()
                .next()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .unwrap_or_default()
        } else {
            dir.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| ".".into())
        };
        cases.push(TestCase {
            path,
            name,
            category,
            header,
            skipped: Vec::new(),
            skip_why: String::new(),
        });
    }
    Ok(cases)
}

pub(super) fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    for entry in fs::read_dir(dir).with_context(|| format!("cannot list {}", dir.display()))? {
        let entry = entry?;
        let path = entry.path();
        let ft = entry.file_type()?;
        if ft.is_dir() {
            walk(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "upc") {
            out.push(path);
        }
    }
    Ok(())
}
