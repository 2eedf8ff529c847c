# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 BatchNorm submodule in train mode called in a raw lax.scan rollout closure inside @nn.compact, batch_stats updated in the scan trace
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


class Emulator(nn.Module):
    cfg: EmulatorConfig

    @nn.compact
    def __call__(self, x0, train: bool = True):
        step = StepNet(self.cfg)
        x = step(x0, train)

        def advance(state, _):
            nxt = step(state, train)
            return nxt, nxt

        _, traj = jax.lax.scan(advance, x, None, length=self.cfg.lead_steps)
        return traj


def main():
    cfg = EmulatorConfig()
    model = Emulator(cfg)
    x0 = jax.random.normal(jax.random.key(0), (16, cfg.channels))
    variables = model.init(jax.random.key(1), x0, train=False)
    traj, updates = model.apply(variables, x0, mutable=["batch_stats"])
    variables = {"params": variables["params"], **updates}
    model.apply(variables, x0, train=False)
    return None
