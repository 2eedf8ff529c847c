# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "running" in "/" because collection "accord" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 functools.partial(model.apply, variables) kept on the BlendEvaluator; the fori_loop body calls it and the module updates its "accord" collection
"""Perfume blending: an accord model keeps a running average of the note profile it
has seen; the evaluator walks a blending schedule one dosing step at a time."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclass(frozen=True)
class BlendSpec:
    n_notes: int = 8
    n_doses: int = 6
    decay: float = 0.8


class AccordModel(nn.Module):
    spec: BlendSpec

    @nn.compact
    def __call__(self, dose):
        profile = nn.Dense(self.spec.n_notes)(dose)
        accord = self.variable("accord", "running", lambda: jnp.zeros((self.spec.n_notes,)))
        if not self.is_initializing():
            accord.value = self.spec.decay * accord.value + (1 - self.spec.decay) * profile.mean(0)
        return jnp.tanh(profile + accord.value)


class BlendEvaluator:
    def __init__(self, model, variables, spec):
        self.spec = spec
        self.score_fn = functools.partial(model.apply, variables)

    def evaluate(self, schedule):
        def body(i, total):
            blended = self.score_fn(schedule[i])
            return total + jnp.abs(blended).mean()

        return lax.fori_loop(0, self.spec.n_doses, body, jnp.zeros(()))


def main():
    spec = BlendSpec()
    model = AccordModel(spec)
    schedule = jax.random.uniform(jax.random.key(0), (spec.n_doses, 3, spec.n_notes))
    variables = model.init(jax.random.key(1), schedule[0])
    evaluator = BlendEvaluator(model, variables, spec)
    evaluator.evaluate(schedule)
    return None
