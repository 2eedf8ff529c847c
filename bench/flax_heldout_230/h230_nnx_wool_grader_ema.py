# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 self.ema (an nnx.clone of the grader) of an EmaTracker; the scan body blends each checkpoint into it with nnx.update
"""Wool grading: Polyak-average a run of fleece-grader checkpoints into the served model."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class FleeceGrader(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fibre = nnx.Linear(4, 8, rngs=rngs)
        self.grade = nnx.Linear(8, 3, rngs=rngs)  # superfine, fine, medium

    def __call__(self, fleece):
        return self.grade(nnx.relu(self.fibre(fleece)))


def stack_checkpoints(models):
    states = [nnx.state(m, nnx.Param) for m in models]
    return jax.tree.map(lambda *leaves: jnp.stack(leaves), *states)


class EmaTracker:
    def __init__(self, model: FleeceGrader, decay: float = 0.8):
        self.ema = nnx.clone(model)
        self.decay = decay

    def absorb(self, checkpoints):
        def body(carry, snapshot):
            current = nnx.state(self.ema, nnx.Param)
            blended = jax.tree.map(lambda e, s: self.decay * e + (1.0 - self.decay) * s, current, snapshot)
            nnx.update(self.ema, blended)
            return carry, None

        scan(body, None, checkpoints)
        return self.ema


def main():
    run = [FleeceGrader(nnx.Rngs(seed)) for seed in range(5)]
    tracker = EmaTracker(run[0])
    tracker.absorb(stack_checkpoints(run[1:]))
