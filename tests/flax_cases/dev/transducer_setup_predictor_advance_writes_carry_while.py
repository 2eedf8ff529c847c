# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[1,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a setup submodule's method writes its setup LSTM carry variable through a tuple target (`self.carry.value, out = self.cell(...)`) and is called in the decode while_loop body; apply(method=decode) with mutable decoder_state
"""A transducer whose decode method advances a setup prediction network inside jax.lax.while_loop;
the predictor keeps its LSTM carry in a "decoder_state" variable. Init runs __call__, then
decode is applied twice with mutable decoder_state."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Predictor(nn.Module):
    def setup(self):
        self.cell = nn.LSTMCell(4)
        zeros = lambda: jnp.zeros((1, 4))
        self.carry = self.variable("decoder_state", "carry", lambda: (zeros(), zeros()))

    def advance(self, x):
        self.carry.value, out = self.cell(self.carry.value, x)
        return out


class Transducer(nn.Module):
    def setup(self):
        self.predictor = Predictor()

    def __call__(self, x):
        return self.predictor.advance(x)

    def decode(self, xs):
        def body(state):
            t, h = state
            return t + 1, self.predictor.advance(h + xs[t])
        return jax.lax.while_loop(lambda s: s[0] < xs.shape[0], body, (0, xs[0]))[1]


def main():
    model = Transducer()
    xs = jnp.ones((3, 1, 4))
    variables = model.init(jax.random.key(0), xs[0])
    jax.tree.map(lambda a: a + 0, variables)
    out, state = model.apply(variables, xs, method=Transducer.decode, mutable=["decoder_state"])
    jax.tree.map(lambda a: a + 0, (out, state))
    out, state = model.apply({**variables, **state}, xs, method=Transducer.decode, mutable=["decoder_state"])
    jax.tree.map(lambda a: a + 0, (out, state))
