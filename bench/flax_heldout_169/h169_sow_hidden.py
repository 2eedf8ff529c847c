# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the body calls the attribute submodule self.encoder, which sows its hidden state into 'intermediates'
"""Probing the hidden states of a recurrent encoder by sowing them inside a raw lax.scan.

Shape of the reports: `self.sow('intermediates', ...)` works when the sequence is unrolled in
Python; with `jax.lax.scan` and `mutable=['intermediates']` the sown values that come back
out of `apply` are tracers of the scan.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Encoder(nn.Module):
    hidden: int = 12

    @nn.compact
    def __call__(self, h, x):
        h = nn.tanh(nn.Dense(self.hidden)(x) + nn.Dense(self.hidden, use_bias=False)(h))
        self.sow('intermediates', 'hidden', h)
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
            return h, None

        h, _ = jax.lax.scan(body, h0, xs)
        return self.readout(h)


def main():
    model = Probe()
    xs = jnp.sin(jnp.linspace(0.0, 3.0, 10 * 2 * 4)).reshape(10, 2, 4)
    variables = model.init(jax.random.key(0), xs)
    out, state = model.apply(variables, xs, mutable=['intermediates'])
    hidden = jnp.stack(state['intermediates']['encoder']['hidden'])
    print(out.shape, hidden.mean(axis=(1, 2)))
    return None
