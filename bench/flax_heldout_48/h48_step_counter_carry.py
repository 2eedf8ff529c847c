# label: ok
# flax-error: none
# class: 1 the counter value is read before the raw lax.fori_loop, carried through it, and written to the variable once afterwards
"""The counting module after the fix: the count is part of the fori_loop carry."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class FixedPoint(nn.Module):
    iters: int = 4

    @nn.compact
    def __call__(self, x):
        dense = nn.Dense(x.shape[-1])
        count = self.variable("counter", "iters", lambda: jnp.zeros((), jnp.int32))
        z = dense(x)

        def body(i, carry):
            z, n = carry
            return jnp.tanh(dense(z) + x), n + 1

        z, n = lax.fori_loop(0, self.iters, body, (z, count.value))
        count.value = n
        return z


def main():
    model = FixedPoint()
    x = jnp.ones((2, 3))
    variables = model.init(jax.random.PRNGKey(0), x)
    z, updates = model.apply(variables, x, mutable=["counter"])
    print("iterations:", int(updates["counter"]["iters"]))
    return None
