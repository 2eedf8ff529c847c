# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 DeckLoadEvaluator keeps the model as an attribute and hands each scan step's loss to hooks that keep it in a Python history list
"""Ferry operations: vehicle-deck load forecasts over a day of sailings, evaluated with history hooks."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class DeckLoadForecaster(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.bookings = nnx.Linear(6, 10, rngs=rngs)
        self.norm = nnx.LayerNorm(10, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.load = nnx.Linear(10, 1, rngs=rngs)

    def __call__(self, x):
        return self.load(self.drop(nnx.relu(self.norm(self.bookings(x)))))[..., 0]


class HistoryHook:
    def __init__(self):
        self.history = []

    def on_step(self, step, logs):
        self.history.append(logs["loss"])

    def summary(self):
        return jnp.stack(self.history).mean()


class DeckLoadEvaluator:
    def __init__(self, model, hooks):
        self.model = model
        self.hooks = hooks

    def evaluate(self, bookings, loads):
        self.model.eval()

        def step(index, batch):
            x, y = batch
            loss = jnp.mean(jnp.abs(self.model(x) - y))
            for hook in self.hooks:
                hook.on_step(index, {"loss": loss})
            return index + 1, loss

        lax.scan(step, jnp.int32(0), (bookings, loads))
        return [hook.summary() for hook in self.hooks]


def main():
    model = DeckLoadForecaster(nnx.Rngs(0, dropout=1))
    bookings = jax.random.uniform(jax.random.key(14), (24, 8, 6))
    loads = bookings.sum(-1) * 80.0
    DeckLoadEvaluator(model, [HistoryHook()]).evaluate(bookings, loads)
    return None
