# label: ok
# flax-error: none
# class: 4 TraceDenoiser.__call__ delegates to the strategy picked at construction; AdaptiveStrategy's while_loop body calls model.apply with update_stats=False, so TraceNet only reads energy_stats
"""Seismic trace denoising: a denoiser object picks a strategy when it is built; the adaptive
strategy keeps subtracting the predicted noise until the residual energy drops below tol."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class EnergyTracker(nn.Module):
    decay: float = 0.95

    @nn.compact
    def __call__(self, x, update_stats: bool):
        ema = self.variable("energy_stats", "ema", lambda: jnp.ones(()))
        if update_stats:
            ema.value = self.decay * ema.value + (1 - self.decay) * jnp.mean(x**2)
        return x / jnp.sqrt(ema.value + 1e-6)


class TraceNet(nn.Module):
    taps: int = 9

    @nn.compact
    def __call__(self, trace, update_stats: bool = True):
        h = EnergyTracker()(trace, update_stats)
        h = nn.Conv(8, (self.taps,), padding="SAME")(h[..., None])
        return nn.Conv(1, (self.taps,), padding="SAME")(nn.gelu(h))[..., 0]


@dataclasses.dataclass(frozen=True)
class DenoiseConfig:
    strategy: str = "adaptive"
    tol: float = 0.05
    max_passes: int = 5
    step: float = 0.3


class SinglePassStrategy:
    def __init__(self, model, variables, cfg):
        self.model, self.variables, self.cfg = model, variables, cfg

    def __call__(self, trace):
        return trace - self.cfg.step * self.model.apply(self.variables, trace, update_stats=False)


class AdaptiveStrategy:
    def __init__(self, model, variables, cfg):
        self.model, self.variables, self.cfg = model, variables, cfg

    def _keep_going(self, state):
        passes, _, energy = state
        return (passes < self.cfg.max_passes) & (energy > self.cfg.tol)

    def _one_pass(self, state):
        passes, trace, _ = state
        noise = self.model.apply(self.variables, trace, update_stats=False)
        trace = trace - self.cfg.step * noise
        return passes + 1, trace, jnp.mean(noise**2)

    def __call__(self, trace):
        _, clean, _ = lax.while_loop(self._keep_going, self._one_pass, (0, trace, jnp.inf))
        return clean


STRATEGIES = {"single": SinglePassStrategy, "adaptive": AdaptiveStrategy}


class TraceDenoiser:
    def __init__(self, model, variables, cfg):
        self._strategy = STRATEGIES[cfg.strategy](model, variables, cfg)

    def __call__(self, trace):
        return self._strategy(trace)


def main():
    cfg = DenoiseConfig()
    traces = jax.random.normal(jax.random.key(0), (4, 128))
    model = TraceNet()
    variables = model.init(jax.random.key(1), traces)
    denoiser = TraceDenoiser(model, variables, cfg)
    clean = denoiser(traces)
    print(jnp.std(clean))
    return None
