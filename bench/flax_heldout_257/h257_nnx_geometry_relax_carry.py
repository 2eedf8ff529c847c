# label: ok
# flax-error: none
# class: 1 LearnedForceField.relax runs the while_loop itself, counts force evaluations in the carry and adds them to the module's own force_evals variable after the loop
"""Relaxes a small molecule's geometry with a learned force field until the largest force is small."""

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class Diagnostic(nnx.Variable):
    pass


class LearnedForceField(nnx.Module):
    def __init__(self, hidden: int, *, rngs: nnx.Rngs):
        self.embed = nnx.Linear(3, hidden, rngs=rngs)
        self.force = nnx.Linear(hidden, 3, rngs=rngs)
        self.force_evals = Diagnostic(jnp.zeros((), jnp.int32))

    def forces(self, coords):
        centred = coords - coords.mean(axis=0)
        return 0.1 * self.force(jnp.tanh(self.embed(centred)))

    def relax(self, coords, step_size=0.05, fmax=1e-3, max_steps=8):
        def not_converged(state):
            step, _, fnorm = state
            return (step < max_steps) & (fnorm > fmax)

        def descend(state):
            step, coords, _ = state
            f = self.forces(coords)
            return step + 1, coords + step_size * f, jnp.linalg.norm(f, axis=-1).max()

        steps, coords, fnorm = while_loop(not_converged, descend, (0, coords, jnp.asarray(jnp.inf)))
        self.force_evals[...] += steps
        return coords, fnorm


def main():
    coords = jax.random.normal(jax.random.key(0), (6, 3))
    field = LearnedForceField(8, rngs=nnx.Rngs(0))
    relaxed, fnorm = field.relax(coords)
    jax.block_until_ready((relaxed, fnorm, field.force_evals[...]))
