# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the model state rides in the scan carry, but GradingRun.hooks -> CheckpointHook saves nnx.state of the merged model into CheckpointManager.saved inside the body, restored after the loop
"""Sawmill log grading: the grading model adapts its normalisation to the logs of the
current shift; a checkpoint hook keeps the latest weights so the saw line can be
restarted from them."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class GradeNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.scan_in = nnx.Linear(5, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.grade = nnx.Linear(8, 4, rngs=rngs)

    def __call__(self, logs):
        return self.grade(nnx.relu(self.norm(self.scan_in(logs))))


@dataclasses.dataclass
class CheckpointManager:
    saved: list = dataclasses.field(default_factory=list)

    def save(self, state):
        self.saved.append(state)

    def latest(self):
        return self.saved[-1]


class CheckpointHook:
    def __init__(self, manager: CheckpointManager):
        self.manager = manager

    def after_batch(self, model):
        self.manager.save(nnx.state(model))


class GradingRun:
    def __init__(self, model, hooks):
        self.model = model
        self.hooks = hooks

    def shift(self, batches):
        graphdef, state = nnx.split(self.model)

        def batch_step(state, logs):
            model = nnx.merge(graphdef, state)
            grades = model(logs)
            for hook in self.hooks:
                hook.after_batch(model)
            return nnx.state(model), jnp.argmax(grades, -1)

        state, grades = jax.lax.scan(batch_step, state, batches)
        return grades


def main():
    batches = jax.random.normal(jax.random.key(8), (6, 10, 5))  # batches, logs, scanner features
    manager = CheckpointManager()
    model = GradeNet(nnx.Rngs(0))
    GradingRun(model, [CheckpointHook(manager)]).shift(batches)
    restored = GradeNet(nnx.Rngs(1))
    nnx.update(restored, manager.latest())
    restored.eval()
    restored(batches[0])
    return None
