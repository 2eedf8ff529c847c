# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the module merged from the carried state in the fori_loop body is kept on SnapshotManager.latest and used after the loop
"""Glass annealing-kiln stress model refinement.

The kiln's residual-stress model is refined on the latest annealing schedule; a snapshot
manager owns the split graphdef/state and hands out the latest model for predictions."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class StressModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.schedule = nnx.Linear(4, 12, rngs=rngs)
        self.stress = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, segment):
        return self.stress(nnx.tanh(self.schedule(segment))).squeeze(-1)


def stress_loss(model, segment, measured):
    return jnp.mean((model(segment) - measured) ** 2)


class SnapshotManager:
    def __init__(self, model: StressModel, lr: float = 0.05):
        self.graphdef, self.state = nnx.split(model)
        self.latest = model
        self.lr = lr

    def refine(self, segments, measured):
        def body(i, state):
            model = nnx.merge(self.graphdef, state)
            grads = nnx.grad(stress_loss)(model, segments[i], measured[i])
            params = nnx.state(model, nnx.Param)
            nnx.update(model, jax.tree.map(lambda p, g: p - self.lr * g, params, grads))
            self.latest = model
            return nnx.state(model)

        self.state = fori_loop(0, segments.shape[0], body, self.state)

    def predict(self, segment):
        return self.latest(segment)


def main():
    manager = SnapshotManager(StressModel(nnx.Rngs(0)))
    segments = jax.random.normal(jax.random.key(6), (6, 5, 4))
    measured = jnp.sum(segments[..., :2], axis=-1)
    manager.refine(segments, measured)
    manager.predict(segments[0]).block_until_ready()
    return None
