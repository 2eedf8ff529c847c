# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the local nnx.Rngs built in plan_run_throughs is called for its jitter stream inside the fori_loop body
"""Orchestra rehearsal planning: sample a tempo for each run-through of a movement so the
conductor can rehearse under slightly varied tempi, from a small NNX tempo model.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class TempoModel(nnx.Module):
    def __init__(self, n_marks, rngs: nnx.Rngs):
        self.marks = nnx.Linear(n_marks, 1, rngs=rngs)
        self.base_bpm = nnx.Param(jnp.float32(96.0))

    def __call__(self, score_marks):
        return self.base_bpm[...] + 8.0 * nnx.tanh(self.marks(score_marks))[0]


def plan_run_throughs(model, score_marks, n_runs, seed):
    rngs = nnx.Rngs(jitter=seed)

    def run_through(i, tempi):
        wobble = 0.3 * jax.random.normal(rngs.jitter(), score_marks.shape)
        return tempi.at[i].set(model(score_marks + wobble))

    return fori_loop(0, n_runs, run_through, jnp.zeros((n_runs,)))


class RehearsalDesk:
    def __init__(self, model):
        self.model = model

    def schedule(self, score_marks, n_runs=5):
        return plan_run_throughs(self.model, score_marks, n_runs, seed=4)


def main():
    model = TempoModel(4, nnx.Rngs(0))
    desk = RehearsalDesk(model)
    return desk.schedule(jnp.array([0.2, -0.1, 0.5, 0.0]))
