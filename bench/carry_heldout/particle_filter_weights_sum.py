# label: drift-shape
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 2 particle filter normalises its weight vector with jnp.sum(w) and keeps the scalar instead of the vector
import jax
import jax.numpy as jnp
from jax import lax


def main():
    ys = jnp.array([0.1, 0.3, 0.2, 0.5])
    particles = jax.random.normal(jax.random.PRNGKey(0), (32,))

    def update(log_w, y):
        log_w = log_w - 0.5 * (y - particles) ** 2
        log_w = jax.scipy.special.logsumexp(log_w)
        return log_w, log_w

    log_w, _ = lax.scan(update, jnp.zeros(32), ys)
    return log_w
