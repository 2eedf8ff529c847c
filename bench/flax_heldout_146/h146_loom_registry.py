# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a step builder registered by decorator closes over model.apply and the variables; the while_loop body it returns applies the model in train mode without a mutable batch_stats
"""Jacquard loom controller: settles warp tension with a step chosen from a registry."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

STEP_BUILDERS = {}


def register_step(name):
    def decorator(builder):
        STEP_BUILDERS[name] = builder
        return builder
    return decorator


class TensionNet(nn.Module):
    @nn.compact
    def __call__(self, warp, train: bool = False):
        h = nn.Dense(16)(warp)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.tanh(nn.Dense(warp.shape[-1])(h))


@dataclass(frozen=True)
class LoomConfig:
    strategy: str = "tension"
    max_passes: int = 10
    tolerance: float = 1e-3


@register_step("tension")
def build_tension_step(model, variables, gain=0.2):
    def step(state):
        i, warp, delta = state
        correction = model.apply(variables, warp, train=True)
        new_warp = warp - gain * correction
        return i + 1, new_warp, jnp.max(jnp.abs(new_warp - warp))
    return step


class LoomRunner:
    def __init__(self, cfg: LoomConfig, model, variables):
        self.cfg = cfg
        self.step = STEP_BUILDERS[cfg.strategy](model, variables)

    def settle(self, warp):
        def cond(state):
            i, _, delta = state
            return (i < self.cfg.max_passes) & (delta > self.cfg.tolerance)

        init = (jnp.zeros((), jnp.int32), warp, jnp.array(jnp.inf))
        return lax.while_loop(cond, self.step, init)


def main():
    warp = jax.random.normal(jax.random.key(0), (6, 12))  # 6 heddle frames x 12 threads
    model = TensionNet()
    variables = model.init(jax.random.key(1), warp)
    passes, settled, _ = LoomRunner(LoomConfig(), model, variables).settle(warp)
    print(int(passes), settled.std())
    return None
