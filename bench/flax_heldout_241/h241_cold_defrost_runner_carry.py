# label: ok
# flax-error: none
# class: 5 a functools.partial of model.apply (mutable batch_stats) handed to the runner through a **kwargs dict; batch stats ride in the while carry
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

    def _cycle(self, coils, batch_stats):
        frost, updates = self.apply_fn({"params": self.params, "batch_stats": batch_stats}, coils)
        return frost, updates["batch_stats"]

    def run(self, coils):
        policy = self.policy

        def keep_going(state):
            n, _, frost, _ = state
            return (n < policy.max_cycles) & (frost > policy.frost_limit)

        def cycle(state):
            n, temps, _, stats = state
            frost, stats = self._cycle(temps, stats)
            return n + 1, temps + policy.heat_step, frost.mean(), stats

        init = (0, coils, jnp.asarray(1.0), self.batch_stats)
        n, temps, frost, self.batch_stats = while_loop(keep_going, cycle, init)
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
