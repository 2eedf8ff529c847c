# label: ok
# flax-error: none
# class: 5 make_relax_step is a factory returning a step function that closes over the BatchNorm model; RehearsalScheduler runs it in lax.while_loop after putting the model in model.eval() mode (BatchNorm reads its running averages)
"""Choir scheduling: rehearsal-room assignments are relaxed iteratively by a small network
until the change between iterations is below tolerance or the iteration cap is hit."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class SlotRelaxer(nnx.Module):
    def __init__(self, n_slots, rngs: nnx.Rngs):
        self.proj = nnx.Linear(n_slots, n_slots, rngs=rngs)
        self.norm = nnx.BatchNorm(n_slots, rngs=rngs)

    def __call__(self, assignment):
        return jax.nn.softmax(self.norm(self.proj(assignment)), axis=-1)


def make_relax_step(model, damping):
    def step(state):
        i, assignment, _ = state
        proposal = model(assignment)
        new = (1 - damping) * assignment + damping * proposal
        return i + 1, new, jnp.max(jnp.abs(new - assignment))
    return step


class RehearsalScheduler:
    def __init__(self, model, damping=0.5, tol=1e-3, max_iters=8):
        self.model = model
        self.tol = tol
        self.max_iters = max_iters
        self.step = make_relax_step(model, damping)

    def schedule(self, assignment):
        self.model.eval()

        def cond(state):
            i, _, delta = state
            return (i < self.max_iters) & (delta > self.tol)

        _, final, _ = lax.while_loop(cond, self.step, (0, assignment, jnp.inf))
        return final


def main():
    sections = jax.nn.softmax(jax.random.normal(jax.random.key(0), (4, 5)), axis=-1)
    scheduler = RehearsalScheduler(SlotRelaxer(5, nnx.Rngs(0)))
    scheduler.schedule(sections)
    return None
