# label: ok
# jax-error: none
# class: 2 covariance accumulator initialised as (d, d) and updated with jnp.outer(x, x)
import jax
import jax.numpy as jnp


def main():
    data = jax.random.normal(jax.random.PRNGKey(0), (30, 4))
    d = data.shape[1]

    def accum(C, x):
        return C + jnp.outer(x, x), None

    C, _ = jax.lax.scan(accum, jnp.zeros((d, d)), data)
    return C / data.shape[0]
