# label: ok
# flax-error: none
# class: 2 step counter variable updated once after the scan with the number of steps
import flax.linen as nn
import jax
import jax.numpy as jnp


class CountingCell(nn.Module):
    hidden: int = 4

    @nn.compact
    def __call__(self, xs):
        steps = self.variable("counter", "steps", lambda: jnp.zeros((), jnp.int32))
        dense = nn.Dense(self.hidden)
        h0 = dense(xs[0])

        def step(h, x):
            h = jnp.tanh(dense(h) + x)
            return h, h

        h, hs = jax.lax.scan(step, h0, xs)
        steps.value = steps.value + xs.shape[0]
        return hs


def main():
    xs = jnp.ones((6, 4))
    model = CountingCell()
    variables = model.init(jax.random.PRNGKey(0), xs)
    hs, updates = model.apply(variables, xs, mutable=["counter"])
    assert int(updates["counter"]["steps"]) == 12
