//! The `stipula` command line: a thin layer over the library.
fn main() {
    std::process::exit(stipula_cli_main());
}

fn stipula_cli_main() -> i32 {
    0
}
