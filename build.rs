//! Tells the integration tests (`tests/it/`) whether the Popeye reference cases are there: the folder
//! `STIPULA_POPEYE_DIR` names, else `../shared/popeye` beside the checkout. Where they are (or under CI, `CI` set,
//! where their absence must fail), `popeye_corpus` is set and the corpus tests run; elsewhere they are ignored
//! with the reason, never passed silently. The same for Popeye's binary, the oracle of the differential test and
//! of Popeye's own regression problems (`STIPULA_POPEYE_BIN`, else `py` in `STIPULA_POPEYE_REF` or
//! `../shared/popeye-ref`): `popeye_oracle`. The library itself does not look at either.

use std::path::PathBuf;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(popeye_corpus)");
    println!("cargo::rustc-check-cfg=cfg(popeye_oracle)");
    println!("cargo::rerun-if-env-changed=STIPULA_POPEYE_DIR");
    println!("cargo::rerun-if-env-changed=STIPULA_POPEYE_BIN");
    println!("cargo::rerun-if-env-changed=STIPULA_POPEYE_REF");
    println!("cargo::rerun-if-env-changed=CI");
    println!("cargo::rerun-if-changed=build.rs");
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let dir = std::env::var_os("STIPULA_POPEYE_DIR").map_or_else(|| manifest.join("../shared/popeye"), PathBuf::from);
    let there = dir.is_dir();
    if there {
        println!("cargo::rerun-if-changed={}", dir.display());
    }
    let ci = std::env::var_os("CI").is_some();
    if there || ci {
        println!("cargo::rustc-cfg=popeye_corpus");
    }
    let reference =
        std::env::var_os("STIPULA_POPEYE_REF").map_or_else(|| manifest.join("../shared/popeye-ref"), PathBuf::from);
    let binary = std::env::var_os("STIPULA_POPEYE_BIN").map_or_else(|| reference.join("py"), PathBuf::from);
    if binary.is_file() || ci {
        println!("cargo::rustc-cfg=popeye_oracle");
    }
}
