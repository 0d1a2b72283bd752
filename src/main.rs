//! The `taproom` binary: parse, run, exit. Everything else is the library.

fn main() {
    std::process::exit(taproom::cli::main());
}
