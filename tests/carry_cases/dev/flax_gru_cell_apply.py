# label: ok
# jax-error: none
# class: 4 flax.linen GRUCell applied in a raw scan body through a lambda, float32 throughout
import jax
import jax.numpy as jnp
import flax.linen as nn


def main():
    cell = nn.GRUCell(features=8)
    xs = jnp.ones((5, 3))
    h0 = cell.initialize_carry(jax.random.PRNGKey(1), xs[0].shape)
    params = cell.init(jax.random.PRNGKey(0), h0, xs[0])
    h, ys = jax.lax.scan(lambda h, x: cell.apply(params, h, x), h0, xs)
    return ys
