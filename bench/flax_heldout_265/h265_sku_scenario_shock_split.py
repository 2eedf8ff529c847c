# label: ok
# flax-error: none
# class: 4 the scan body draws through simulator.sampler; the config's shock key is split before the scan and the week keys are scanned as xs
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import random
from jax.lax import scan


@dataclass(frozen=True)
class ShockConfig:
    seed: int = 7
    volatility: float = 0.25


@dataclass(frozen=True)
class ScenarioConfig:
    n_skus: int = 5
    weeks: int = 6
    shock: ShockConfig = field(default_factory=ShockConfig)


class DemandShock(nn.Module):
    n_skus: int
    volatility: float

    @nn.compact
    def __call__(self, level):
        scale = nn.softplus(self.param("log_scale", nn.initializers.zeros, (self.n_skus,)))
        eps = random.normal(self.make_rng("shock"), level.shape)
        return level * jnp.exp(self.volatility * scale * eps)


class ShockSampler:
    def __init__(self, cfg: ScenarioConfig):
        self.model = DemandShock(cfg.n_skus, cfg.shock.volatility)
        self.key = random.key(cfg.shock.seed)
        self.params = self.model.init(
            {"params": random.key(0), "shock": self.key}, jnp.ones((cfg.n_skus,)))["params"]

    def draw(self, level, key):
        return self.model.apply({"params": self.params}, level, rngs={"shock": key})


class ScenarioSimulator:
    def __init__(self, cfg: ScenarioConfig):
        self.cfg = cfg
        self.sampler = ShockSampler(cfg)
        self._compiled = {}

    def _run(self, level):
        def week(carry, key):
            return carry, self.sampler.draw(level, key)

        week_keys = random.split(self.sampler.key, self.cfg.weeks)
        _, demand = scan(week, None, week_keys)
        return demand

    def run(self, level):
        if "run" not in self._compiled:
            self._compiled["run"] = jax.jit(self._run)
        return self._compiled["run"](level)


class ScenarioService:
    def __init__(self, cfg: ScenarioConfig):
        self.simulator = ScenarioSimulator(cfg)

    def handle(self, baseline):
        return self.simulator.run(baseline)


def main():
    service = ScenarioService(ScenarioConfig())
    baseline = jnp.array([10.0, 4.0, 7.5, 2.0, 12.0])
    return service.handle(baseline)
