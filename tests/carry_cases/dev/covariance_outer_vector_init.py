# label: drift-shape
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 2 covariance accumulator initialised as a vector but updated with jnp.outer(x, x)
import jax
import jax.numpy as jnp


def main():
    data = jax.random.normal(jax.random.PRNGKey(0), (30, 4))
    d = data.shape[1]

    def accum(C, x):
        return C + jnp.outer(x, x), None

    C, _ = jax.lax.scan(accum, jnp.zeros(d), data)
    return C / data.shape[0]
