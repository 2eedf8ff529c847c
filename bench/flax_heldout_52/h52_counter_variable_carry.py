# label: ok
# flax-error: none
# class: 3 the iteration count is carried by the raw fori_loop and written to the variable once after it, mutable=['counters']
"""Counting refinement iterations: count in the loop carry, store once, apply with the collection mutable."""
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
        y0 = dense(x)

        def body(i, carry):
            y, n = carry
            return y + 0.1 * jnp.tanh(dense(y)), n + 1

        y, n = lax.fori_loop(0, self.n_iters, body, (y0, jnp.zeros((), jnp.int32)))
        if not self.is_initializing():
            count.value = count.value + n
        return y


def main():
    model = IterativeRefiner()
    x = jnp.ones((2, 4))
    variables = model.init(jax.random.PRNGKey(0), x)
    y, updates = model.apply(variables, x, mutable=["counters"])
    updates["counters"]["steps"].block_until_ready()
    return None
