# label: ok
# flax-error: none
# class: 2 module-level rollout scans over model.apply with batch_stats threaded through the scan carry and mutable=["batch_stats"]
"""Autoregressive weather emulator (GraphCast/FourCastNet-style toy) rolled out for a few 6h steps."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class EmulatorConfig:
    channels: int = 6
    hidden: int = 32
    lead_steps: int = 4


class StepNet(nn.Module):
    cfg: EmulatorConfig

    @nn.compact
    def __call__(self, state, train: bool):
        y = nn.Dense(self.cfg.hidden)(state)
        y = nn.BatchNorm(use_running_average=not train, momentum=0.9)(y)
        y = nn.gelu(y)
        return state + nn.Dense(self.cfg.channels)(y)


def rollout(apply_fn, params, batch_stats, x0, steps):
    def advance(carry, _):
        state, stats = carry
        nxt, upd = apply_fn({"params": params, "batch_stats": stats}, state, True,
                            mutable=["batch_stats"])
        return (nxt, upd["batch_stats"]), nxt

    (_, batch_stats), traj = jax.lax.scan(advance, (x0, batch_stats), None, length=steps)
    return traj, batch_stats


def main():
    cfg = EmulatorConfig()
    model = StepNet(cfg)
    x0 = jax.random.normal(jax.random.key(0), (16, cfg.channels))
    variables = model.init(jax.random.key(1), x0, False)
    traj, stats = rollout(model.apply, variables["params"], variables["batch_stats"], x0, cfg.lead_steps)
    model.apply({"params": variables["params"], "batch_stats": stats}, x0, False)
    return None
