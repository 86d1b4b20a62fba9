//! A small evaluator for integer constant expressions written in C (block sizes, array
//! dimensions): literals, parentheses, unary and binary arithmetic.  Anything else (an
//! identifier, a call) makes the expression non-constant for our purposes.

/// Value of `text` if it is an integer constant expression we can evaluate.
pub fn eval(text: &str) -> Option<i64> {
    let toks = tokenize(text)?;
    let mut p = P { toks: &toks, i: 0 };
    let v = p.expr(0)?;
    (p.i == toks.len()).then_some(v)
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Num(i64),
    Op(&'static str),
}

fn tokenize(s: &str) -> Option<Vec<Tok>> {
    const OPS: [&str; 16] = [
        "<<", ">>", "+", "-", "*", "/", "%", "(", ")", "&", "|", "^", "~", "!", "<", ">",
    ];
    let b = s.as_bytes();
    let mut i = 0;
    let mut out = Vec::new();
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric()) {
                i += 1;
            }
            let lit = s[start..i].trim_end_matches(['u', 'U', 'l', 'L']);
            let v = if let Some(h) = lit.strip_prefix("0x").or_else(|| lit.strip_prefix("0X")) {
                i64::from_str_radix(h, 16).ok()?
            } else if lit.len() > 1 && lit.starts_with('0') {
                i64::from_str_radix(&lit[1..], 8).ok()?
            } else {
                lit.parse().ok()?
            };
            out.push(Tok::Num(v));
        } else {
            let op = OPS.iter().find(|o| s[i..].starts_with(**o))?;
            out.push(Tok::Op(op));
            i += op.len();
        }
    }
    Some(out)
}

struct P<'a> {
    toks: &'a [Tok],
    i: usize,
}

fn prec(op: &str) -> Option<u8> {
    Some(match op {
        "|" => 1,
        "^" => 2,
        "&" => 3,
        "<" | ">" => 4,
        "<<" | ">>" => 5,
        "+" | "-" => 6,
        "*" | "/" | "%" => 7,
        _ => return None,
    })
}

impl P<'_> {
    fn expr(&mut self, min: u8) -> Option<i64> {
        let mut lhs = self.unary()?;
        while let Some(Tok::Op(op)) = self.toks.get(self.i).cloned() {
            let Some(p) = prec(op) else { break };
            if p < min {
                break;
            }
            self.i += 1;
            let rhs = self.expr(p + 1)?;
            lhs = match op {
                "+" => lhs.checked_add(rhs)?,
                "-" => lhs.checked_sub(rhs)?,
                "*" => lhs.checked_mul(rhs)?,
                "/" => lhs.checked_div(rhs)?,
                "%" => lhs.checked_rem(rhs)?,
                "<<" => lhs.checked_shl(u32::try_from(rhs).ok()?)?,
                ">>" => lhs.checked_shr(u32::try_from(rhs).ok()?)?,
                "&" => lhs & rhs,
                "|" => lhs | rhs,
                "^" => lhs ^ rhs,
                "<" => (lhs < rhs) as i64,
                ">" => (lhs > rhs) as i64,
                _ => return None,
            };
        }
        Some(lhs)
    }

    fn unary(&mut self) -> Option<i64> {
        match self.toks.get(self.i)?.clone() {
            Tok::Num(v) => {
                self.i += 1;
                Some(v)
            }
            Tok::Op("(") => {
                self.i += 1;
                let v = self.expr(0)?;
                (self.toks.get(self.i)? == &Tok::Op(")")).then_some(())?;
                self.i += 1;
                Some(v)
            }
            Tok::Op("-") => {
                self.i += 1;
                self.unary()?.checked_neg()
            }
            Tok::Op("+") => {
                self.i += 1;
                self.unary()
            }
            Tok::Op("~") => {
                self.i += 1;
                Some(!self.unary()?)
            }
            Tok::Op("!") => {
                self.i += 1;
                Some((self.unary()? == 0) as i64)
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::eval;

    #[test]
    fn evaluates_constant_expressions() {
        assert_eq!(eval("4"), Some(4));
        assert_eq!(eval("(2+3)*4"), Some(20));
        assert_eq!(eval("1 << 10"), Some(1024));
        assert_eq!(eval("0x10UL"), Some(16));
        assert_eq!(eval("-3 + 1"), Some(-2));
        assert_eq!(eval("N*2"), None);
        assert_eq!(eval("((int)upcr_threads)"), None);
        assert_eq!(eval(crate::lower::THREADS_EXPANSION), None);
        assert_eq!(
            eval(&format!("4*{}", crate::lower::THREADS_EXPANSION)),
            None
        );
        assert_eq!(eval("1/0"), None);
    }
}
