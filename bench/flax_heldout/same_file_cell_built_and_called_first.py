# label: ok
# flax-error: none
# class: 1 same-file cell constructed once outside the body and called on the first step before the scan
import flax.linen as nn
import jax
import jax.numpy as jnp


class PeepholeCell(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, h, x):
        gate = nn.sigmoid(nn.Dense(self.hidden)(jnp.concatenate([h, x], -1)))
        cand = nn.tanh(nn.Dense(self.hidden)(x))
        return gate * h + (1 - gate) * cand


class SequenceModel(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        cell = PeepholeCell(self.hidden)
        h1 = cell(jnp.zeros((xs.shape[1], self.hidden)), xs[0])

        def step(h, x):
            h = cell(h, x)
            return h, h

        return jax.lax.scan(step, h1, xs[1:])


def main():
    xs = jnp.ones((5, 2, 3))
    model = SequenceModel()
    variables = model.init(jax.random.PRNGKey(0), xs)
    model.apply(variables, xs)
