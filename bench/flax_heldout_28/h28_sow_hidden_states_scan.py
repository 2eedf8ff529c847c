# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the jax.lax.scan body calls self._cell_step, which sows each hidden state into 'intermediates'; the sown values are read after apply
import jax
import jax.numpy as jnp
from flax import linen as nn


class ElmanRNN(nn.Module):
    hidden: int = 6

    def setup(self):
        self.w_in = nn.Dense(self.hidden)
        self.w_rec = nn.Dense(self.hidden, use_bias=False)
        self.readout = nn.Dense(1)

    def _cell_step(self, h, x_t):
        h = jnp.tanh(self.w_in(x_t) + self.w_rec(h))
        self.sow("intermediates", "hidden", h)
        return h

    def __call__(self, xs):
        h0 = jnp.zeros((xs.shape[1], self.hidden))
        self.w_in(xs[0])
        self.w_rec(h0)

        def body(h, x_t):
            h = self._cell_step(h, x_t)
            return h, None

        h, _ = jax.lax.scan(body, h0, xs)
        return self.readout(h)


def hidden_activity(state):
    hidden = jnp.stack(state["intermediates"]["hidden"])
    return jnp.abs(hidden).mean()


def main():
    model = ElmanRNN()
    xs = jax.random.normal(jax.random.key(0), (7, 3, 2))
    variables = model.init(jax.random.key(1), xs)
    y, state = model.apply(variables, xs, mutable=["intermediates"])
    activity = hidden_activity(state)
    print("prediction", y.ravel(), "mean |h|", float(activity))
    return None
