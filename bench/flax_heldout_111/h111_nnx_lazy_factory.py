# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_yaw_step returns a step function that builds its YawPolicy lazily on first call, which happens inside the jax.lax.scan body; the factory's registry keeps that policy for the dashboard
"""Wind farm yaw control: steps every turbine's yaw offset through a gusty wind sequence with a
policy built on demand by a controller factory, then the dashboard queries the same policy."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


@dataclass(frozen=True)
class FarmConfig:
    n_turbines: int = 5
    n_wind_feats: int = 3
    seed: int = 0
    max_offset: float = 0.4


class YawPolicy(nnx.Module):
    def __init__(self, cfg: FarmConfig, rngs: nnx.Rngs):
        self.net = nnx.Linear(cfg.n_wind_feats + cfg.n_turbines, cfg.n_turbines, rngs=rngs)
        self.max_offset = cfg.max_offset

    def __call__(self, wind, yaw):
        return self.max_offset * nnx.tanh(self.net(jnp.concatenate([wind, yaw])))


def make_yaw_step(cfg: FarmConfig):
    registry = {}

    def policy():
        if "policy" not in registry:
            registry["policy"] = YawPolicy(cfg, nnx.Rngs(cfg.seed))
        return registry["policy"]

    def step(yaw, wind):
        target = policy()(wind, yaw)
        yaw = yaw + 0.5 * (target - yaw)
        return yaw, jnp.abs(target - yaw).sum()

    return step, registry


def dashboard_offsets(registry, wind, yaw):
    return registry["policy"](wind, yaw)


def main():
    cfg = FarmConfig()
    step, registry = make_yaw_step(cfg)
    gusts = jax.random.normal(jax.random.key(4), (10, cfg.n_wind_feats))
    yaw, _ = scan(step, jnp.zeros((cfg.n_turbines,)), gusts)
    print(dashboard_offsets(registry, gusts[-1], yaw))
    return None
