# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "coverage" in "/" because collection "wax_state" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a local model.bind(variables) in the enclosing function is called in the while_loop body and writes its 'wax_state' collection
"""Batik wax-resist planner: repeats wax passes until the cloth coverage target is met."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclass(frozen=True)
class WaxPlan:
    target_coverage: float = 0.8
    max_passes: int = 8


class WaxAbsorption(nn.Module):
    @nn.compact
    def __call__(self, pattern):
        coverage = self.variable("wax_state", "coverage", lambda: jnp.zeros(pattern.shape[0]))
        gain = nn.sigmoid(nn.Dense(1)(pattern))[:, 0]
        coverage.value = jnp.minimum(coverage.value + 0.25 * gain, 1.0)
        return coverage.value


def plan_passes(model, variables, pattern, plan: WaxPlan):
    bound = model.bind(variables)

    def keep_waxing(state):
        passes, coverage = state
        return (passes < plan.max_passes) & (coverage.mean() < plan.target_coverage)

    def wax_pass(state):
        passes, _ = state
        return passes + 1, bound(pattern)

    return lax.while_loop(keep_waxing, wax_pass, (0, jnp.zeros(pattern.shape[0])))


def main():
    # motif regions x (line density, fold depth, fabric weight)
    pattern = jnp.array([[0.9, 0.1, 0.3], [0.2, 0.6, 0.3], [0.5, 0.5, 0.8]])
    model = WaxAbsorption()
    variables = model.init(jax.random.key(0), pattern)
    passes, coverage = plan_passes(model, variables, pattern, WaxPlan())
    print(int(passes), coverage)
