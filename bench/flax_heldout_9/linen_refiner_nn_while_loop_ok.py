# label: ok
# flax-error: none
# class: 2 lifted nn.while_loop with the module passed in, counting iterations in a mutable collection
import jax
import jax.numpy as jnp
from flax import linen as nn


class IterativeRefiner(nn.Module):
    max_iter: int = 5

    @nn.compact
    def __call__(self, x):
        update = nn.Dense(x.shape[-1])
        update(x)
        count = self.variable("state", "count", lambda: jnp.array(0))

        def cond_fn(mdl, c):
            return mdl.variables["state"]["count"] < self.max_iter

        def body_fn(mdl, c):
            mdl.put_variable("state", "count", mdl.variables["state"]["count"] + 1)
            return jnp.tanh(update(c))

        del count
        return nn.while_loop(cond_fn, body_fn, self, x, carry_variables="state")


def main():
    refiner = IterativeRefiner()
    x = jnp.ones((3,))
    variables = refiner.init(jax.random.key(0), x)
    y, state = refiner.apply(variables, x, mutable=["state"])
    y.block_until_ready()
    return None
