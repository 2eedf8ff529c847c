# label: ok
# jax-error: none
# class: 4 body delegates to a same-file Welford helper and returns (stats, mean)
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
        stats = update_stats(stats, x)
        return stats, stats[1]

    (n, mean, m2), means = jax.lax.scan(body, (0, 0.0, 0.0), xs)
    return m2 / n
