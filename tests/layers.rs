//! The layering of `src/` (docs/architecture.md): which folder may import which, no
//! import circles between files, and no LLVM in the pure layers.
//!
//! Imports are read from the source text: every `crate::a::b` and `super::x` path outside
//! the `#[cfg(test)] mod tests` block at the end of a file. A file's module is its path
//! (`src/ir/vp.rs` is `ir::vp`, `src/ir/mod.rs` is `ir`).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Each layer and the layers it may import (besides itself), bottom to top.
const LAYERS: &[(&str, &[&str])] = &[
    ("algebra", &[]),
    ("target", &[]),
    ("vp", &[]),
    ("slp", &[]),
    ("lower", &["algebra", "target"]),
    ("ffi", &["algebra", "target"]),
    ("ir", &["ffi", "algebra", "lower", "target", "vp", "slp"]),
    (
        "pass",
        &["ir", "ffi", "algebra", "lower", "target", "vp", "slp"],
    ),
    (
        "plugin",
        &[
            "pass", "ir", "ffi", "algebra", "lower", "target", "vp", "slp",
        ],
    ),
];

/// Layers that must not use LLVM.
const PURE: &[&str] = &["algebra", "lower", "target", "vp", "slp"];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `src/ir/vp.rs` -> `ir::vp`; `src/ir/mod.rs` -> `ir`; `src/lib.rs` -> ``.
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts.join("::")
}

/// The code of a file without its unit tests and comments.
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths after `prefix` in `code`: `crate::ir::Inst` -> `ir::Inst`. Braced groups
/// (`crate::vp::{self, Plan}`) give their head.
fn paths_after<'a>(code: &'a str, prefix: &str) -> Vec<&'a str> {
    code.match_indices(prefix)
        .filter(|(i, _)| {
            let before = code[..*i].chars().last();
            !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
        .map(|(i, _)| {
            let rest = &code[i + prefix.len()..];
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(rest.len());
            rest[..end].trim_end_matches(':')
        })
        .filter(|p| !p.is_empty())
        .collect()
}

/// The longest known module that `path` names.
fn resolve(modules: &BTreeSet<String>, path: &str) -> Option<String> {
    let mut parts: Vec<&str> = path.split("::").collect();
    while !parts.is_empty() {
        let m = parts.join("::");
        if modules.contains(&m) {
            return Some(m);
        }
        parts.pop();
    }
    None
}

struct Graph {
    /// Module -> the modules it imports.
    edges: BTreeMap<String, BTreeSet<String>>,
    /// Module -> its code.
    code: BTreeMap<String, String>,
}

fn graph() -> Graph {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let files: Vec<(String, String)> = files
        .iter()
        .filter(|f| !f.starts_with(src.join("bin")))
        .map(|f| (module_of(&src, f), code(&fs::read_to_string(f).unwrap())))
        .collect();
    let modules: BTreeSet<String> = files.iter().map(|(m, _)| m.clone()).collect();
    let mut edges = BTreeMap::new();
    for (module, code) in &files {
        let parent = match module.rsplit_once("::") {
            Some((p, _)) => p.to_string(),
            None => String::new(),
        };
        // In `x/mod.rs`, `super` is x's parent; in `x/y.rs` it is x.
        let is_folder = modules
            .iter()
            .any(|m| m.starts_with(&format!("{module}::")));
        let super_base = if is_folder {
            parent
                .rsplit_once("::")
                .map_or(String::new(), |(p, _)| p.to_string())
        } else {
            parent.clone()
        };
        let mut targets = BTreeSet::new();
        for path in paths_after(code, "crate::") {
            targets.extend(resolve(&modules, path));
        }
        for path in paths_after(code, "super::") {
            let full = if super_base.is_empty() {
                path.to_string()
            } else {
                format!("{super_base}::{path}")
            };
            targets.extend(resolve(&modules, &full));
        }
        targets.remove(module);
        // A folder's own children are declared, not imported.
        if module.is_empty() {
            targets.clear();
        }
        targets.retain(|t| !t.starts_with(&format!("{module}::")));
        edges.insert(module.clone(), targets);
    }
    Graph {
        edges,
        code: files.into_iter().collect(),
    }
}

fn layer(module: &str) -> &str {
    module.split("::").next().unwrap_or("")
}

#[test]
fn layers_import_only_the_layers_below() {
    let g = graph();
    let allowed: BTreeMap<&str, &[&str]> = LAYERS.iter().copied().collect();
    let mut wrong = Vec::new();
    for (module, targets) in &g.edges {
        if module.is_empty() {
            continue; // lib.rs declares the layers
        }
        let from = layer(module);
        let Some(ok) = allowed.get(from) else {
            wrong.push(format!("{module}: folder `{from}` is not a known layer"));
            continue;
        };
        for t in targets {
            let to = layer(t);
            if to != from && !ok.contains(&to) {
                wrong.push(format!("{module} imports {t}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layering:\n{}",
        wrong.join("\n")
    );
    // The check reads imports: it must see some.
    assert!(g.edges["pass"].contains("ir") && g.edges["plugin"].contains("pass"));
}

#[test]
fn no_import_circles() {
    let g = graph();
    // A module is on a circle if it can reach itself.
    let mut circles = Vec::new();
    for start in g.edges.keys() {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<&String> = g.edges[start].iter().collect();
        while let Some(m) = stack.pop() {
            if m == start {
                circles.push(start.clone());
                break;
            }
            if seen.insert(m) {
                stack.extend(g.edges.get(m).into_iter().flatten());
            }
        }
    }
    assert!(
        circles.is_empty(),
        "modules on an import circle: {circles:?}"
    );
}

#[test]
fn pure_layers_use_no_llvm() {
    let g = graph();
    let impure: Vec<&String> = g
        .code
        .iter()
        .filter(|(m, code)| PURE.contains(&layer(m)) && code.contains("llvm_sys"))
        .map(|(m, _)| m)
        .collect();
    assert!(impure.is_empty(), "pure modules using llvm_sys: {impure:?}");
}
