# label: ok
# jax-error: none
# class: 2 particle filter subtracts logsumexp(log_w) so the weight vector keeps its shape
import jax
import jax.numpy as jnp
from jax import lax


def main():
    ys = jnp.array([0.1, 0.3, 0.2, 0.5])
    particles = jax.random.normal(jax.random.PRNGKey(0), (32,))

    def update(log_w, y):
        log_w = log_w - 0.5 * (y - particles) ** 2
        log_z = jax.scipy.special.logsumexp(log_w)
        return log_w - log_z, log_z

    log_w, log_zs = lax.scan(update, jnp.zeros(32), ys)
    return log_zs.sum()
