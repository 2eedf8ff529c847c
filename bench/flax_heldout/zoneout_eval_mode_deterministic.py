# label: ok
# flax-error: none
# class: 4 zoneout RNN evaluated with train=False: the dropout in the body is deterministic
import flax.linen as nn
import jax
import jax.numpy as jnp


class ZoneoutRNN(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs, train: bool):
        drop = nn.Dropout(0.3, deterministic=not train)
        cell = nn.Dense(self.hidden)
        h0 = cell(xs[0])

        def step(h, x):
            keep = drop(jnp.ones_like(h))
            h = keep * jnp.tanh(cell(h) + x) + (1 - keep) * h
            return h, h

        _, hs = jax.lax.scan(step, h0, xs)
        return hs


def main():
    xs = jax.random.normal(jax.random.PRNGKey(7), (5, 2, 8))
    model = ZoneoutRNN()
    variables = model.init(jax.random.PRNGKey(0), xs, train=False)
    return model.apply(variables, xs, train=False)
