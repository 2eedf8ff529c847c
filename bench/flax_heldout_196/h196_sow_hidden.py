# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the Encoder module's __call__ steps its GRUCell in a lax.scan body that calls self.sow('intermediates', ...)
"""A GRU encoder whose cell is stepped by hand in lax.scan, with the hidden states sown for probing.

Modelled on "how do I get the hidden states out of my scanned RNN" threads: apply is called with
mutable=['intermediates'] and the sown values are read afterwards.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Encoder(nn.Module):
    hidden: int = 8

    def setup(self):
        self.cell = nn.GRUCell(features=self.hidden)
        self.readout = nn.Dense(1)

    def __call__(self, xs):
        h0 = jnp.zeros((xs.shape[1], self.hidden))
        h, _ = self.cell(h0, xs[0])

        def body(h, x):
            h, _ = self.cell(h, x)
            self.sow('intermediates', 'hidden', h)
            return h, None

        h, _ = lax.scan(body, h, xs[1:])
        return self.readout(h)


def main():
    model = Encoder()
    xs = jax.random.normal(jax.random.key(0), (7, 2, 3))
    params = model.init(jax.random.key(1), xs)['params']
    out, state = model.apply({'params': params}, xs, mutable=['intermediates'])
    hidden = state['intermediates']['hidden'][0]
    print(out.shape, jnp.linalg.norm(hidden, axis=-1))
    return None


if __name__ == "__main__":
    main()
