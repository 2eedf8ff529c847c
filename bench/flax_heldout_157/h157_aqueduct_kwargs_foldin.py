# label: ok
# flax-error: none
# class: 4 the model, its variables and the leak key travel as keyword arguments run_campaign -> simulate_flows(**kwargs) -> _draw_loop; the fori_loop body folds the draw index into the key before applying the model
"""Leakage scenario sampling for a municipal aqueduct network."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class NetworkSpec:
    segments: int = 5
    inflow_features: int = 3
    draws: int = 6


class LeakageModel(nn.Module):
    segments: int

    @nn.compact
    def __call__(self, inflow):
        base = nn.softplus(nn.Dense(self.segments, name="base_loss")(inflow))
        leak = jax.random.exponential(self.make_rng("leak"), base.shape) * 0.2
        return base + leak


def _draw_loop(*, model, variables, key, inflow, draws):
    buffer = jnp.zeros((draws, model.segments))

    def draw(i, buffer):
        losses = model.apply(variables, inflow, rngs={"leak": jax.random.fold_in(key, i)})
        return buffer.at[i].set(losses)

    return lax.fori_loop(0, draws, draw, buffer)


def simulate_flows(**kwargs):
    kwargs.setdefault("draws", 4)
    return _draw_loop(**kwargs)


def run_campaign(*, spec: NetworkSpec, model, variables, key, inflow):
    return simulate_flows(model=model, variables=variables, key=key, inflow=inflow, draws=spec.draws)


def main():
    spec = NetworkSpec()
    inflow = jnp.array([1.2, 0.4, 0.9])
    model = LeakageModel(spec.segments)
    variables = model.init({"params": jax.random.key(0), "leak": jax.random.key(1)}, inflow)
    scenarios = run_campaign(spec=spec, model=model, variables=variables,
                             key=jax.random.key(21), inflow=inflow)
    return scenarios
