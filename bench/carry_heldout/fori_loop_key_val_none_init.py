# label: ok
# jax-error: none
# class: 5 fori_loop over (key, total, None): the None is part of the init, so returning it is consistent
import jax
import jax.numpy as jnp


def main():
    def body(i, carry):
        key, total, aux = carry
        key, sub = jax.random.split(key)
        return key, total + jax.random.uniform(sub), None

    key, total, _ = jax.lax.fori_loop(0, 10, body, (jax.random.PRNGKey(0), jnp.float32(0.0), None))
    return total
