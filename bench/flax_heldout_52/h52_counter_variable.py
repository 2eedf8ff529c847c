# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "steps" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 a self.variable('counters') is incremented inside the raw fori_loop body of __call__, applied without mutable
"""Counting how many refinement iterations ran, kept in a Flax variable like BatchNorm's stats."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class IterativeRefiner(nn.Module):
    n_iters: int = 4

    @nn.compact
    def __call__(self, x):
        count = self.variable("counters", "steps", lambda: jnp.zeros((), jnp.int32))
        dense = nn.Dense(x.shape[-1])
        y0 = dense(x)  # params created outside the loop

        def body(i, y):
            if not self.is_initializing():
                count.value = count.value + 1
            return y + 0.1 * jnp.tanh(dense(y))

        return lax.fori_loop(0, self.n_iters, body, y0)


def main():
    model = IterativeRefiner()
    x = jnp.ones((2, 4))
    variables = model.init(jax.random.PRNGKey(0), x)
    y = model.apply(variables, x)
    y.block_until_ready()
    return None
