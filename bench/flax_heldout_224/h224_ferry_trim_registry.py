# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a decorator registry holds a factory whose returned step closes over model.bind(..., mutable=["batch_stats"]); the while_loop body calls that step in training mode
"""Ferry vehicle-deck loading: rebalance lane loads until the predicted trim is inside tolerance."""
from typing import Callable, Dict

import jax
import jax.numpy as jnp
import flax.linen as nn

STAGES: Dict[str, Callable] = {}


def register_stage(name):
    def decorate(factory):
        STAGES[name] = factory
        return factory

    return decorate


class TrimPredictor(nn.Module):
    @nn.compact
    def __call__(self, lanes, train: bool = False):
        h = nn.Dense(8)(lanes)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(h)
        return nn.Dense(1)(nn.tanh(h))[..., 0]  # trim in degrees


@register_stage("rebalance")
def build_rebalance_step(model, variables, rate=0.05):
    bound = model.bind(variables, mutable=["batch_stats"])

    def step(lanes):
        trim = bound(lanes, train=True)
        shift = rate * trim[..., None] * jnp.linspace(-1.0, 1.0, lanes.shape[-1])
        return lanes - shift, trim

    step.bound = bound  # the planner exports the refreshed statistics from here
    return step


class ManifestPlanner:
    def __init__(self, model, variables, tolerance=0.02, max_iters=20):
        self.step = STAGES["rebalance"](model, variables)
        self.tolerance, self.max_iters = tolerance, max_iters

    def plan(self, lanes):
        def keep_going(state):
            i, _, trim = state
            return (i < self.max_iters) & (jnp.abs(trim).max() > self.tolerance)

        def body(state):
            i, lanes, _ = state
            lanes, trim = self.step(lanes)
            return i + 1, lanes, trim

        _, lanes, trim = jax.lax.while_loop(keep_going, body, (0, lanes, jnp.ones(lanes.shape[0])))
        return lanes

    def export_stats(self):
        return jax.tree.map(lambda a: a * 1.0, self.step.bound.variables["batch_stats"])


def main():
    lanes = jax.random.uniform(jax.random.key(5), (3, 6)) * 40.0  # 3 sailings x 6 lanes, tonnes
    model = TrimPredictor()
    variables = model.init(jax.random.key(0), lanes)
    planner = ManifestPlanner(model, variables)
    planner.plan(lanes)
    planner.export_stats()
    return None
