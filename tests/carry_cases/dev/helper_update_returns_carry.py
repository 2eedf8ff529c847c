# label: not-pair
# jax-error: TypeError: scan body output must be a pair, got (ShapedArray(float32[], weak_type=True), ShapedArray(float32[]), ShapedArray(float32[])).
# class: 4 body delegates to a same-file helper that returns the new state only
import jax
import jax.numpy as jnp


def update_stats(stats, x):
    n, mean, m2 = stats
    n = n + 1
    delta = x - mean
    mean = mean + delta / n
    m2 = m2 + delta * (x - mean)
    return n, mean, m2


def main():
    xs = jnp.array([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0])

    def body(stats, x):
        return update_stats(stats, x)

    (n, mean, m2), _ = jax.lax.scan(body, (0.0, 0.0, 0.0), xs)
    return m2 / n
