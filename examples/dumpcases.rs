#[path = "../tests/it/difftest/mod.rs"]
mod difftest;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let seed: u64 = a[1].parse().unwrap();
    let count: u64 = a[2].parse().unwrap();
    let dir = &a[3];
    std::fs::create_dir_all(dir).unwrap();
    for i in 0..count {
        let c = difftest::gen::generate(seed, i);
        std::fs::write(format!("{dir}/case{i:05}.inp"), &c.text).unwrap();
    }
}
