# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 scheduler keeps a pure dict of the forecaster's BatchStat state; the fori_loop body writes into it; nnx.update after the loop
"""Agricultural yield forecaster (NNX): a scheduler recalibrates normalisation statistics field by field."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class YieldNet(nnx.Module):
    def __init__(self, n_in, rngs):
        self.lin = nnx.Linear(n_in, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.norm(self.lin(x))))[..., 0]


class FieldScheduler:
    def __init__(self, model):
        self.model = model
        self.stats = nnx.to_pure_dict(nnx.state(model, nnx.BatchStat))

    def recalibrate(self, fields):
        def per_field(i, acc):
            h = self.model.lin(fields[i])
            self.stats["norm"]["mean"] = 0.9 * self.stats["norm"]["mean"] + 0.1 * h.mean(0)
            return acc + 1

        lax.fori_loop(0, fields.shape[0], per_field, 0)
        state = nnx.state(self.model, nnx.BatchStat)
        nnx.replace_by_pure_dict(state, self.stats)
        nnx.update(self.model, state)

    def forecast(self, x):
        self.model.eval()
        return self.model(x)


def main():
    sched = FieldScheduler(YieldNet(6, nnx.Rngs(0)))
    fields = jnp.ones((3, 10, 6)) * jnp.arange(6.0)
    sched.recalibrate(fields)
    sched.forecast(fields[0]).block_until_ready()
    return None
