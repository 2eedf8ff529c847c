# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a functools.partial of model.apply (mutable batch_stats) handed to the runner through a **kwargs dict; new stats are cached in a dict from the while body
"""Defrost-cycle runner for a cold-storage warehouse: coil temperatures until frost load drops."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import while_loop


class FrostEstimator(nn.Module):
    width: int = 6

    @nn.compact
    def __call__(self, coils, train: bool = False):
        h = nn.Dense(self.width)(coils)
        h = nn.BatchNorm(use_running_average=not train, name="coil_norm")(h)
        return nn.softplus(nn.Dense(1)(h)).squeeze(-1)


@dataclass(frozen=True)
class DefrostPolicy:
    frost_limit: float = 0.05
    max_cycles: int = 4
    heat_step: float = 0.7


class DefrostRunner:
    def __init__(self, *, apply_fn, params, batch_stats, policy: DefrostPolicy, **_ignored):
        self.apply_fn = apply_fn
        self.params = params
        self.batch_stats = batch_stats
        self.policy = policy
        self.stats_cache = {}

    def _cycle(self, coils):
        frost, updates = self.apply_fn({"params": self.params, "batch_stats": self.batch_stats}, coils)
        self.stats_cache["latest"] = updates["batch_stats"]
        return frost

    def run(self, coils):
        policy = self.policy

        def keep_going(state):
            n, _, frost = state
            return (n < policy.max_cycles) & (frost > policy.frost_limit)

        def cycle(state):
            n, temps, _ = state
            frost = self._cycle(temps).mean()
            return n + 1, temps + policy.heat_step, frost

        n, temps, frost = while_loop(keep_going, cycle, (0, coils, jnp.asarray(1.0)))
        self.batch_stats = self.stats_cache["latest"]
        return n, frost


def build_runner_kwargs(model: FrostEstimator, coils, seed: int = 5) -> dict:
    variables = model.init(jax.random.key(seed), coils)
    return dict(
        apply_fn=functools.partial(model.apply, train=True, mutable=["batch_stats"]),
        params=variables["params"],
        batch_stats=variables["batch_stats"],
        policy=DefrostPolicy(),
        zone="freezer-3",
    )


def main():
    model = FrostEstimator()
    coils = jnp.linspace(-22.0, -18.0, 12).reshape(4, 3)
    runner = DefrostRunner(**build_runner_kwargs(model, coils))
    n, frost = runner.run(coils)
    check = model.apply({"params": runner.params, "batch_stats": runner.batch_stats}, coils)
    jax.block_until_ready((n, frost, check))
    return None
