# label: ok
# flax-error: none
# class: 3 the body calls the attribute submodule self.encoder and returns its hidden state as the scan's ys instead of sowing it
"""Probing the hidden states of a recurrent encoder run inside a raw lax.scan.

The working twin: the hidden state leaves the loop as the scan's stacked outputs and is
sown once, after the loop, so what `apply` returns holds ordinary arrays.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Encoder(nn.Module):
    hidden: int = 12

    @nn.compact
    def __call__(self, h, x):
        h = nn.tanh(nn.Dense(self.hidden)(x) + nn.Dense(self.hidden, use_bias=False)(h))
        return h


class Probe(nn.Module):
    hidden: int = 12

    def setup(self):
        self.encoder = Encoder(self.hidden)
        self.readout = nn.Dense(1)

    def __call__(self, xs):
        h0 = jnp.zeros((xs.shape[1], self.hidden))
        self.encoder(h0, xs[0])

        def body(h, x):
            h = self.encoder(h, x)
            return h, h

        h, hs = jax.lax.scan(body, h0, xs)
        self.sow('intermediates', 'hidden', hs)
        return self.readout(h)


def main():
    model = Probe()
    xs = jnp.sin(jnp.linspace(0.0, 3.0, 10 * 2 * 4)).reshape(10, 2, 4)
    variables = model.init(jax.random.key(0), xs)
    out, state = model.apply(variables, xs, mutable=['intermediates'])
    hidden = state['intermediates']['hidden'][0]
    print(out.shape, hidden.mean(axis=(1, 2)))
    return None
