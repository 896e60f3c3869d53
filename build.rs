//! Tells the integration tests (`tests/it/`) whether the Popeye reference cases are there: the folder
//! `STIPULA_POPEYE_DIR` names, else `../shared/popeye` beside the checkout. Where they are (or under CI, `CI` set,
//! where their absence must fail), `popeye_corpus` is set and the corpus tests run; elsewhere they are ignored
//! with the reason, never passed silently. The library itself does not look at it.

use std::path::PathBuf;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(popeye_corpus)");
    println!("cargo::rerun-if-env-changed=STIPULA_POPEYE_DIR");
    println!("cargo::rerun-if-env-changed=CI");
    println!("cargo::rerun-if-changed=build.rs");
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let dir = std::env::var_os("STIPULA_POPEYE_DIR").map_or_else(|| manifest.join("../shared/popeye"), PathBuf::from);
    let there = dir.is_dir();
    if there {
        println!("cargo::rerun-if-changed={}", dir.display());
    }
    if there || std::env::var_os("CI").is_some() {
        println!("cargo::rustc-cfg=popeye_corpus");
    }
}
