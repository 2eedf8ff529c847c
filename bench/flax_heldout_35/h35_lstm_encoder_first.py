# label: ok
# flax-error: none
# class: 1 OptimizedLSTMCell built before the scan and run once on the first frame, so the scan step only reads its existing params
import jax
import jax.numpy as jnp
from flax import linen as nn


class SeqEncoder(nn.Module):
    hidden: int = 8
    n_classes: int = 3

    @nn.compact
    def __call__(self, xs):
        # xs: [time, batch, features]
        batch = xs.shape[1]
        carry = (jnp.zeros((batch, self.hidden)), jnp.zeros((batch, self.hidden)))
        cell = nn.OptimizedLSTMCell(features=self.hidden)
        carry, _ = cell(carry, xs[0])

        def step(carry, x):
            carry, y = cell(carry, x)
            return carry, y

        carry, ys = jax.lax.scan(step, carry, xs[1:])
        return nn.Dense(self.n_classes)(ys[-1])


def main():
    xs = jnp.ones((5, 2, 4))
    model = SeqEncoder()
    variables = model.init(jax.random.PRNGKey(0), xs)
    logits = model.apply(variables, xs)
    logits.block_until_ready()
    return None
