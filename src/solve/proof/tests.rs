//! Proof games against Popeye 4.104's output (`../shared/popeye-ref/py -regression`).

use super::*;
