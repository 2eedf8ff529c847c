# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a module method runs a raw scan whose body calls self.sow; callbacks read the sown intermediates after apply
"""Recurrent encoder that sows per-step hidden norms for an activation-logging callback; the
callback list runs after each apply and summarises the intermediates."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class RecurrentEncoder(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, xs):  # xs: [time, batch, features]
        w_hh = self.param("w_hh", nn.initializers.orthogonal(), (self.hidden, self.hidden))
        proj = nn.Dense(self.hidden, name="input_proj")(xs)

        def step(h, x_t):
            h = jnp.tanh(x_t + h @ w_hh)
            self.sow("intermediates", "hidden_norm", jnp.linalg.norm(h, axis=-1).mean())
            return h, h

        h0 = jnp.zeros(xs.shape[1:-1] + (self.hidden,))
        h_last, _ = scan(step, h0, proj)
        return h_last


class Callback:
    def on_batch_end(self, logs):
        pass


class ActivationLogger(Callback):
    def __init__(self):
        self.history = []

    def on_batch_end(self, logs):
        norms = logs["intermediates"]["hidden_norm"]
        self.history.append(jnp.mean(jnp.stack(norms)))


class CallbackList:
    def __init__(self, callbacks):
        self.callbacks = list(callbacks)

    def on_batch_end(self, logs):
        for cb in self.callbacks:
            cb.on_batch_end(logs)


def main():
    model = RecurrentEncoder()
    xs = jax.random.normal(jax.random.key(0), (6, 2, 3))
    variables = model.init(jax.random.key(1), xs)
    callbacks = CallbackList([ActivationLogger()])
    _, state = model.apply({"params": variables["params"]}, xs, mutable=["intermediates"])
    callbacks.on_batch_end(state)
    return None
