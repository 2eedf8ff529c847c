# label: ok
# jax-error: none
# class: 2 running feature mean of a (B, D) batch into a (D,) carry with x.mean(axis=0)
import jax
import jax.numpy as jnp
from jax.lax import scan


def main():
    batches = jax.random.normal(jax.random.PRNGKey(0), (6, 8, 5))

    def update(mu, x):
        mu = 0.9 * mu + 0.1 * x.mean(axis=0)
        return mu, mu

    mu, history = scan(update, jnp.zeros(5), batches)
    return history
