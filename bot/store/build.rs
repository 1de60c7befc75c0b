//! Embeds the migrations. For `migrations/sqlite/` and
//! `migrations/postgres/`, writes to `$OUT_DIR/migrations.rs` a list of
//! (version, description, SQL) in version order, read from the file names
//! as sqlx reads them (`VERSION_DESCRIPTION.sql`, underscores shown as
//! spaces), the SQL by `include_str!`. The store builds its migrators from
//! it (`migrations.rs` in `src/`): what `sqlx::migrate!` does, without
//! sqlx's macros, which would build sqlx and both its drivers a second
//! time, for the compiler.

use std::error::Error;
use std::fmt::Write as _;
use std::path::Path;

fn main() -> Result<(), Box<dyn Error>> {
    let root = Path::new(&std::env::var("CARGO_MANIFEST_DIR")?).join("../../migrations");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut out = String::from("// Written by build.rs from the migrations folders.\n");
    for (name, folder) in [("SQLITE", "sqlite"), ("POSTGRES", "postgres")] {
        let dir = root.join(folder).canonicalize()?;
        println!("cargo:rerun-if-changed={}", dir.display());
        let mut files = Vec::new();
        for entry in std::fs::read_dir(&dir)? {
            let path = entry?.path();
            let Some(file) = path.file_name().and_then(|f| f.to_str()) else {
                continue;
            };
            let Some((version, rest)) = file.split_once('_') else {
                continue;
            };
            let Some(description) = rest.strip_suffix(".sql") else {
                continue;
            };
            if description.ends_with(".up") || description.ends_with(".down") {
                return Err(format!("{file}: reversible migrations are not supported").into());
            }
            let version: i64 = version
                .parse()
                .map_err(|_| format!("{file}: the name does not start with a version"))?;
            files.push((version, description.replace('_', " "), path.clone()));
        }
        files.sort_by_key(|f| f.0);
        writeln!(
            out,
            "/// The migrations of `migrations/{folder}/`: (version, description, SQL).\n\
             pub(crate) const {name}: &[(i64, &str, &str)] = &["
        )?;
        for (version, description, path) in files {
            let path = path.to_str().ok_or("a migration's path is not UTF-8")?;
            writeln!(
                out,
                "    ({version}, {description:?}, include_str!({path:?})),"
            )?;
        }
        writeln!(out, "];")?;
    }
    let target = Path::new(&std::env::var("OUT_DIR")?).join("migrations.rs");
    std::fs::write(target, out)?;
    Ok(())
}
