# label: ok
# flax-error: none
# class: 2 nn.Dense cell created and called once before the fori_loop, so the loop body only reads already-initialized params
"""Fix suggested on the issue: create the cell outside the loop and call it
once before looping, so params exist before fori_loop traces its body."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class RecurrentEncoder(nn.Module):
    hidden: int = 16
    num_steps: int = 4

    @nn.compact
    def __call__(self, x):
        cell = nn.Dense(self.hidden, name="cell")
        h = jnp.zeros((x.shape[0], self.hidden))
        h = nn.tanh(cell(jnp.concatenate([x, h], -1)))

        def body(i, h):
            return nn.tanh(cell(jnp.concatenate([x, h], -1)))

        return jax.lax.fori_loop(1, self.num_steps, body, h)


def main():
    model = RecurrentEncoder()
    x = jnp.ones((2, 8))
    variables = model.init(jax.random.key(0), x)
    out = model.apply(variables, x)
    out.block_until_ready()
    return None
