//! The fit's optimiser: limited-memory BFGS with a backtracking line search, minimising a
//! smooth function of many coefficients given its value and gradient.

/// Minimises `f` (returning the value and writing the gradient into its second argument)
/// from `x`, for at most `iterations` steps, until the gradient's largest part is below
/// `tolerance` or three steps running gain less than a part in 10¹⁰; returns the value at
/// the end.
pub fn minimise(
    x: &mut [f64],
    iterations: usize,
    tolerance: f64,
    f: &mut dyn FnMut(&[f64], &mut [f64]) -> f64,
) -> f64 {
    const MEMORY: usize = 12;
    let n = x.len();
    let mut g = vec![0.0; n];
    let mut value = f(x, &mut g);
    let mut s_hist: Vec<Vec<f64>> = Vec::new();
    let mut y_hist: Vec<Vec<f64>> = Vec::new();
    let mut trial = vec![0.0; n];
    let mut g_new = vec![0.0; n];
    let mut idle = 0;
    for _ in 0..iterations {
        if g.iter().fold(0.0f64, |m, v| m.max(v.abs())) < tolerance {
            break;
        }
        let mut q = direction(&g, &s_hist, &y_hist);
        let mut slope = -dot(&g, &q);
        if slope >= 0.0 {
            // Not a descent direction: start the memory again from the gradient.
            s_hist.clear();
            y_hist.clear();
            q.clone_from(&g);
            slope = -dot(&g, &q);
        }
        let mut step = 1.0;
        let mut accepted = false;
        for _ in 0..40 {
            for i in 0..n {
                trial[i] = x[i] - step * q[i];
            }
            let v = f(&trial, &mut g_new);
            if v.is_finite() && v <= value + 1e-4 * step * slope {
                let s: Vec<f64> = (0..n).map(|i| trial[i] - x[i]).collect();
                let y: Vec<f64> = (0..n).map(|i| g_new[i] - g[i]).collect();
                if dot(&s, &y) > 1e-12 {
                    s_hist.push(s);
                    y_hist.push(y);
                    if s_hist.len() > MEMORY {
                        s_hist.remove(0);
                        y_hist.remove(0);
                    }
                }
                x.copy_from_slice(&trial);
                g.copy_from_slice(&g_new);
                idle = if value - v < 1e-10 * value.abs() {
                    idle + 1
                } else {
                    0
                };
                value = v;
                accepted = true;
                break;
            }
            step *= 0.5;
        }
        if !accepted || idle >= 3 {
            break;
        }
    }
    value
}

/// The two-loop recursion: the direction to step against, from the gradient `g` and the
/// remembered steps `s_hist` and the gradients' changes over them `y_hist`.
fn direction(g: &[f64], s_hist: &[Vec<f64>], y_hist: &[Vec<f64>]) -> Vec<f64> {
    let mut q = g.to_vec();
    let mut alphas = Vec::with_capacity(s_hist.len());
    for (s, y) in s_hist.iter().zip(y_hist).rev() {
        let rho = 1.0 / dot(y, s);
        let a = rho * dot(s, &q);
        axpy(&mut q, -a, y);
        alphas.push((a, rho));
    }
    if let (Some(s), Some(y)) = (s_hist.last(), y_hist.last()) {
        let gamma = dot(s, y) / dot(y, y);
        q.iter_mut().for_each(|v| *v *= gamma);
    } else {
        let norm = dot(g, g).sqrt().max(1e-12);
        q.iter_mut().for_each(|v| *v /= norm);
    }
    for ((s, y), (a, rho)) in s_hist.iter().zip(y_hist).zip(alphas.into_iter().rev()) {
        let b = rho * dot(y, &q);
        axpy(&mut q, a - b, s);
    }
    q
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

fn axpy(y: &mut [f64], a: f64, x: &[f64]) {
    for (v, w) in y.iter_mut().zip(x) {
        *v += a * w;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rosenbrock's valley, whose minimum (1, 1) a plain gradient walk reaches slowly.
    #[test]
    fn it_finds_the_bottom_of_rosenbrock_s_valley() {
        let mut x = vec![-1.2, 1.0];
        let v = minimise(&mut x, 500, 1e-10, &mut |x, g| {
            let (a, b) = (x[0], x[1]);
            g[0] = -2.0 * (1.0 - a) - 400.0 * a * (b - a * a);
            g[1] = 200.0 * (b - a * a);
            (1.0 - a).powi(2) + 100.0 * (b - a * a).powi(2)
        });
        assert!(v < 1e-12, "{v}");
        assert!(
            (x[0] - 1.0).abs() < 1e-5 && (x[1] - 1.0).abs() < 1e-5,
            "{x:?}"
        );
    }
}
