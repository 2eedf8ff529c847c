# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the job runner binds the restored state (runner -> saved state -> variables) once and the while_loop body calls the bound module
"""Job runner that resumes a training job from a saved state object: the restored variables are
bound to the model once (model.bind) and the remaining warm-up steps refresh the batch statistics
with jax.lax.while_loop before the state is saved again."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class Tower(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Dense(12)(x)
        x = nn.BatchNorm(use_running_average=False, momentum=0.8)(x)
        return nn.Dense(2)(nn.tanh(x))


@dataclasses.dataclass
class SavedState:
    step: int
    variables: dict


class JobRunner:
    def __init__(self, model, saved: SavedState, total_steps: int):
        self.model = model
        self.saved = saved
        self.total_steps = total_steps

    def resume(self, data):
        bound = self.model.bind(self.saved.variables, mutable=["batch_stats"])

        def cond(carry):
            return carry[0] < self.total_steps

        def body(carry):
            step, acc = carry
            out = bound(data[step % data.shape[0]])
            return step + 1, acc + out.mean()

        step, _ = jax.lax.while_loop(cond, body, (jnp.asarray(self.saved.step), 0.0))
        new_vars = {"params": self.saved.variables["params"],
                    "batch_stats": bound.variables["batch_stats"]}
        self.saved = SavedState(int(step), new_vars)
        return self.saved


def checksum(tree):
    return sum(jnp.sum(jnp.abs(leaf)) for leaf in jax.tree.leaves(tree))


def main():
    model = Tower()
    variables = model.init(jax.random.key(0), jnp.zeros((8, 6)))
    runner = JobRunner(model, SavedState(step=3, variables=variables), total_steps=10)
    data = jax.random.normal(jax.random.key(1), (5, 8, 6))
    saved = runner.resume(data)
    checksum(saved.variables["batch_stats"]).block_until_ready()
    return None
