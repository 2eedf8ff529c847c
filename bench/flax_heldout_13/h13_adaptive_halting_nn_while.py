# label: ok
# flax-error: none
# class: 1 adaptive-computation loop written with the lifted nn.while_loop, 'halting' counters carried as variables
import jax
import jax.numpy as jnp
from flax import linen as nn


class PonderCell(nn.Module):
    dim: int

    @nn.compact
    def __call__(self, h):
        ponder = self.variable("halting", "steps", lambda: jnp.zeros((), jnp.int32))
        ponder.value += 1
        return nn.tanh(nn.Dense(self.dim, name="update")(h))


class PonderNet(nn.Module):
    dim: int = 8
    max_steps: int = 6

    @nn.compact
    def __call__(self, x):
        cell = PonderCell(self.dim, name="cell")
        h = cell(nn.Dense(self.dim, name="embed")(x))

        def cond_fn(mdl, c):
            h, n = c
            return jnp.logical_and(n < self.max_steps, jnp.abs(h).mean() > 1e-3)

        def body_fn(mdl, c):
            h, n = c
            return mdl(h), n + 1

        (h, n), = (nn.while_loop(cond_fn, body_fn, cell, (h, jnp.array(0)),
                                 carry_variables="halting"),)
        return nn.Dense(1, name="readout")(h), n


def main():
    model = PonderNet()
    x = jnp.ones((3, 4))
    variables = model.init(jax.random.key(0), x)
    variables = jax.tree.map(lambda a: a + 0, variables)
    (y, n), state = model.apply(variables, x, mutable=["halting"])
    jax.tree.map(lambda a: a + 0, state)
    return None
