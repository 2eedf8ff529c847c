# label: ok
# flax-error: none
# class: 4 a loop wrapper init_unrolled_scan runs the step once in Python while initializing and lax.scan otherwise; the step builds a named nn.Dense inline
"""`init_unrolled_scan`: a scan helper that unrolls the first step while the model initializes.

Modelled on the scan helper shown by shoyer in google-deepmind/dm-haiku#100 (writing
libraries for both Haiku and plain JAX), which runs the step once in Python during
initialisation and calls `lax.scan` otherwise.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


def init_unrolled_scan(module, f, init, xs):
    if module.is_initializing():
        x0 = jax.tree.map(lambda a: a[0], xs)
        carry, y0 = f(init, x0)
        n = jax.tree.leaves(xs)[0].shape[0]
        ys = jax.tree.map(lambda y: jnp.stack([y] * n), y0)
        return carry, ys
    return jax.lax.scan(f, init, xs)


class Integrator(nn.Module):
    width: int = 3

    @nn.compact
    def __call__(self, xs):
        def step(h, x):
            h = jnp.tanh(nn.Dense(self.width, name="step_dense")(h) + x)
            return h, h

        h, hs = init_unrolled_scan(self, step, jnp.zeros(self.width), xs)
        return hs


def main():
    xs = jax.random.normal(jax.random.key(2), (5, 3))
    model = Integrator()
    variables = model.init(jax.random.key(0), xs)
    hs = model.apply(variables, xs)
    hs = model.apply(variables, hs)
    hs.block_until_ready()
    return None
