//! What the user chose: the compile-time flags passed to `upcc_main` (argument checks,
//! deadlock checks, call-stack tracking) and the `UPCCHECK_*` environment variables read
//! once at start-up (inherited by every thread).

use std::io::IsTerminal;

/// Flag bits of `upcc_main` (upcc_hooks.h).
pub const ARGS_CHECKS: u32 = 1;
pub const DEADLOCK_CHECKS: u32 = 2;
pub const CALLSTACK: u32 = 4;
pub const RACE_CHECKS: u32 = 8;

/// The format of the report file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportFormat {
    Json,
    Sarif,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub args: bool,
    pub deadlock: bool,
    pub callstack: bool,
    /// Data-race checking (`--upccheck:-r`).
    pub race: bool,
    /// UPCCHECK_STOP_ON_ERROR (default TRUE): end the job after the first error.
    pub stop_on_error: bool,
    /// UPCCHECK_LIVELOCK_TIMEOUT seconds (default 300).
    pub livelock_timeout: f64,
    /// UPCCHECK_REPORT: path of the report file (with UPCCHECK_REPORT_FORMAT=sarif and no
    /// UPCCHECK_REPORT: `upccheck.sarif`).
    pub report: Option<String>,
    /// UPCCHECK_REPORT_FORMAT: `json` (default) or `sarif` (SARIF 2.1.0).
    pub format: ReportFormat,
    /// Colour on stderr: a terminal, NO_COLOR unset, UPCCHECK_COLOR not "never"
    /// ("always" forces it).
    pub color: bool,
    /// UPCCHECK_WARNINGS=FALSE silences warnings on stderr (they stay in the JSON report).
    pub warnings: bool,
}

fn boolean(name: &str, v: &str) -> Result<bool, String> {
    match v.trim().to_ascii_uppercase().as_str() {
        "TRUE" | "1" | "YES" | "ON" => Ok(true),
        "FALSE" | "0" | "NO" | "OFF" => Ok(false),
        _ => Err(format!("{name}={v:?}: expected TRUE or FALSE")),
    }
}

impl Config {
    /// Build the configuration from the flags and an environment lookup.
    pub fn new(
        flags: u32,
        env: impl Fn(&str) -> Option<String>,
        stderr_is_tty: bool,
    ) -> Result<Config, String> {
        let stop_on_error = match env("UPCCHECK_STOP_ON_ERROR") {
            Some(v) => boolean("UPCCHECK_STOP_ON_ERROR", &v)?,
            None => true,
        };
        let warnings = match env("UPCCHECK_WARNINGS") {
            Some(v) => boolean("UPCCHECK_WARNINGS", &v)?,
            None => true,
        };
        let livelock_timeout = match env("UPCCHECK_LIVELOCK_TIMEOUT") {
            Some(v) => match v.trim().parse::<f64>() {
                Ok(s) if s > 0.0 && s.is_finite() => s,
                _ => {
                    return Err(format!(
                        "UPCCHECK_LIVELOCK_TIMEOUT={v:?}: expected a positive number of seconds"
                    ))
                }
            },
            None => 300.0,
        };
        let format = match env("UPCCHECK_REPORT_FORMAT")
            .as_deref()
            .map(|v| v.trim().to_ascii_lowercase())
            .as_deref()
        {
            None | Some("") | Some("json") => ReportFormat::Json,
            Some("sarif") => ReportFormat::Sarif,
            Some(v) => {
                return Err(format!(
                    "UPCCHECK_REPORT_FORMAT={v:?}: expected json or sarif"
                ))
            }
        };
        let report = env("UPCCHECK_REPORT")
            .filter(|p| !p.is_empty())
            .or_else(|| (format == ReportFormat::Sarif).then(|| "upccheck.sarif".to_string()));
        let color = match env("UPCCHECK_COLOR").as_deref().map(str::trim) {
            Some("always") => true,
            Some("never") => false,
            Some("auto") | None => stderr_is_tty && env("NO_COLOR").is_none_or(|v| v.is_empty()),
            Some(v) => {
                return Err(format!(
                    "UPCCHECK_COLOR={v:?}: expected always, never or auto"
                ))
            }
        };
        Ok(Config {
            args: flags & ARGS_CHECKS != 0,
            deadlock: flags & DEADLOCK_CHECKS != 0,
            callstack: flags & CALLSTACK != 0,
            race: flags & RACE_CHECKS != 0,
            stop_on_error,
            livelock_timeout,
            report,
            format,
            color,
            warnings,
        })
    }

    /// From the process environment.
    pub fn from_env(flags: u32) -> Result<Config, String> {
        Config::new(
            flags,
            |k| std::env::var(k).ok(),
            std::io::stderr().is_terminal(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(vars: &[(&str, &str)], tty: bool) -> Result<Config, String> {
        let vars: Vec<(String, String)> = vars
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        Config::new(
            3,
            move |k| vars.iter().find(|(a, _)| a == k).map(|(_, b)| b.clone()),
            tty,
        )
    }

    #[test]
    fn defaults() {
        let c = cfg(&[], false).unwrap();
        assert!(c.args && c.deadlock && !c.callstack);
        assert!(c.stop_on_error);
        assert_eq!(c.livelock_timeout, 300.0);
        assert_eq!(c.report, None);
        assert!(!c.color);
    }

    #[test]
    fn variables() {
        let c = cfg(
            &[
                ("UPCCHECK_STOP_ON_ERROR", "FALSE"),
                ("UPCCHECK_LIVELOCK_TIMEOUT", "2"),
                ("UPCCHECK_REPORT", "r.json"),
            ],
            true,
        )
        .unwrap();
        assert!(!c.stop_on_error);
        assert_eq!(c.livelock_timeout, 2.0);
        assert_eq!(c.report.as_deref(), Some("r.json"));
        assert!(c.color, "a terminal without NO_COLOR gets colour");
        assert!(!cfg(&[("NO_COLOR", "1")], true).unwrap().color);
        assert!(cfg(&[("UPCCHECK_COLOR", "always")], false).unwrap().color);
    }

    #[test]
    fn report_format() {
        assert_eq!(cfg(&[], false).unwrap().format, ReportFormat::Json);
        let c = cfg(&[("UPCCHECK_REPORT_FORMAT", "SARIF")], false).unwrap();
        assert_eq!(c.format, ReportFormat::Sarif);
        assert_eq!(c.report.as_deref(), Some("upccheck.sarif"));
        let c = cfg(
            &[
                ("UPCCHECK_REPORT_FORMAT", "sarif"),
                ("UPCCHECK_REPORT", "out.sarif"),
            ],
            false,
        )
        .unwrap();
        assert_eq!(c.report.as_deref(), Some("out.sarif"));
        assert!(cfg(&[("UPCCHECK_REPORT_FORMAT", "xml")], false).is_err());
    }

    #[test]
    fn bad_values_are_errors() {
        assert!(cfg(&[("UPCCHECK_STOP_ON_ERROR", "maybe")], false).is_err());
        assert!(cfg(&[("UPCCHECK_LIVELOCK_TIMEOUT", "-1")], false).is_err());
        assert!(cfg(&[("UPCCHECK_LIVELOCK_TIMEOUT", "abc")], false).is_err());
        assert!(cfg(&[("UPCCHECK_COLOR", "pink")], false).is_err());
    }
}
