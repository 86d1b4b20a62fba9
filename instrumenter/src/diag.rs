//! Compiler-style diagnostics: `file:line:col: error: message`, the source line and a
//! caret, as C compilers print them.

use std::fmt;

#[derive(Clone, Debug)]
pub struct Diag {
    pub file: Option<String>,
    pub line: u32,
    pub col: u32,
    pub msg: String,
    pub source: Option<String>,
}

impl Diag {
    /// A diagnostic without a position.
    pub fn plain(msg: String) -> Diag {
        Diag {
            file: None,
            line: 0,
            col: 0,
            msg,
            source: None,
        }
    }
}

impl fmt::Display for Diag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.file {
            Some(file) => writeln!(f, "{file}:{}:{}: error: {}", self.line, self.col, self.msg)?,
            None => writeln!(f, "upc-check: error: {}", self.msg)?,
        }
        if let Some(src) = &self.source {
            writeln!(f, "{:>5} | {src}", self.line)?;
            let pad: String = src
                .chars()
                .take(self.col.saturating_sub(1) as usize)
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            writeln!(f, "      | {pad}^")?;
        }
        Ok(())
    }
}
