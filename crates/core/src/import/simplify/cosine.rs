//! The cosine of a latitude, inlined on wasm32.

/// `x.cos()`, for the radians of a latitude: on wasm32 through [`musl_cos`], the same
/// result inlined.
#[inline]
pub(super) fn cos(x: f64) -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        musl_cos(x)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        x.cos()
    }
}

/// `x.cos()` to the bit, for the radians of a latitude, inlined. On wasm32, Rust's `cos`
/// is the `libm` crate's port of musl, an out-of-line call that reduces the argument in a
/// second call; this is the same code for |x| up to 3π/4 (musl's `__cos`, and `__sin` after
/// the one-step reduction by π/2 that `__rem_pio2` does there), so the simplification keeps
/// the same points (checked on 8 million latitudes in wasm). Other arguments go to
/// `x.cos()`.
#[cfg(any(test, target_arch = "wasm32"))]
#[allow(clippy::inline_always)] // measured: the three forced inlinings take 7 % off in wasm
#[inline(always)]
pub(super) fn musl_cos(x: f64) -> f64 {
    // π/2 in two parts: the first 33 bits, then the rest.
    const PIO2_1: f64 = f64::from_bits(0x3ff9_21fb_5440_0000);
    const PIO2_1T: f64 = f64::from_bits(0x3dd0_b461_1a62_6331);
    #[allow(clippy::cast_possible_truncation)]
    let high = (x.to_bits() >> 32) as u32 & 0x7fff_ffff;
    if (0x3e46_a09e..=0x3fe9_21fb).contains(&high) {
        // 2^-27·√2 <= |x| <= π/4.
        return kernel_cos(x, 0.0);
    }
    if !(0x3e46_a09e..=0x4002_d97c).contains(&high) || high & 0xfffff == 0x921fb {
        // Tiny, beyond 3π/4, or near π/2 (where musl reduces more carefully).
        return x.cos();
    }
    if x > 0.0 {
        let z = x - PIO2_1;
        let y0 = z - PIO2_1T;
        -kernel_sin(y0, (z - y0) - PIO2_1T)
    } else {
        let z = x + PIO2_1;
        let y0 = z + PIO2_1T;
        kernel_sin(y0, (z - y0) + PIO2_1T)
    }
}

/// musl's `__cos(x, y)`: cos(x + y) for |x| <= π/4, y the tail of x.
#[cfg(any(test, target_arch = "wasm32"))]
#[inline]
#[allow(clippy::many_single_char_names)] // musl's names, to compare with its source
fn kernel_cos(x: f64, y: f64) -> f64 {
    const C1: f64 = f64::from_bits(0x3fa5_5555_5555_554c);
    const C2: f64 = f64::from_bits(0xbf56_c16c_16c1_5177);
    const C3: f64 = f64::from_bits(0x3efa_01a0_19cb_1590);
    const C4: f64 = f64::from_bits(0xbe92_7e4f_809c_52ad);
    const C5: f64 = f64::from_bits(0x3e21_ee9e_bdb4_b1c4);
    const C6: f64 = f64::from_bits(0xbda8_fae9_be88_38d4);
    let z = x * x;
    let w = z * z;
    let r = z * (C1 + z * (C2 + z * C3)) + w * w * (C4 + z * (C5 + z * C6));
    let hz = 0.5 * z;
    let w = 1.0 - hz;
    w + (((1.0 - w) - hz) + (z * r - x * y))
}

/// musl's `__sin(x, y, 1)`: sin(x + y) for |x| <= π/4, y the tail of x.
#[cfg(any(test, target_arch = "wasm32"))]
#[inline]
#[allow(clippy::many_single_char_names)] // musl's names, to compare with its source
fn kernel_sin(x: f64, y: f64) -> f64 {
    const S1: f64 = f64::from_bits(0xbfc5_5555_5555_5549);
    const S2: f64 = f64::from_bits(0x3f81_1111_1110_f8a6);
    const S3: f64 = f64::from_bits(0xbf2a_01a0_19c1_61d5);
    const S4: f64 = f64::from_bits(0x3ec7_1de3_57b1_fe7d);
    const S5: f64 = f64::from_bits(0xbe5a_e5e6_8a2b_9ceb);
    const S6: f64 = f64::from_bits(0x3de5_d93a_5acf_d57c);
    let z = x * x;
    let w = z * z;
    let r = S2 + z * (S3 + z * S4) + z * w * (S5 + z * S6);
    let v = z * x;
    x - ((z * (0.5 * y - v * r) - y) - v * S1)
}
