# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a jax.checkpoint-wrapped step closes over the DryerModel (train-mode nnx.Dropout with its Rngs) and runs in the scan body
"""Paper mill dryer section: moisture profile rollout with a rematerialised step."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


@dataclass(frozen=True)
class RolloutConfig:
    cylinders: int = 12
    zones: int = 6
    dropout: float = 0.1


class DryerModel(nnx.Module):
    def __init__(self, cfg: RolloutConfig, rngs: nnx.Rngs):
        self.heat = nnx.Linear(cfg.zones, cfg.zones, rngs=rngs)
        self.drop = nnx.Dropout(cfg.dropout, rngs=rngs)

    def __call__(self, moisture):
        return moisture - 0.05 * nnx.sigmoid(self.drop(self.heat(moisture)))


def make_rollout(model: DryerModel):
    @jax.checkpoint
    def cylinder(moisture):
        return model(moisture)

    def rollout(initial, cylinders: int):
        def step(m, _):
            m = cylinder(m)
            return m, m.mean()
        return scan(step, initial, None, length=cylinders)

    return rollout


def main():
    cfg = RolloutConfig()
    model = DryerModel(cfg, nnx.Rngs(params=0, dropout=1))
    model.train()
    rollout = make_rollout(model)
    final, trace = rollout(jnp.full((cfg.zones,), 0.55), cfg.cylinders)
    print(f"reel moisture {float(final.mean()):.3f}")
    return None
