# label: ok
# flax-error: none
# class: 5 build_year_step(peril, ...) looks up an EventSampler subclass registered by __init_subclass__ and returns its step function; the step builds nnx.Rngs from the cfg.seed key with the year folded in, in the scan body
"""Reinsurance catastrophe model: simulated annual hail losses per region for
the treaty pricing desk, with event samplers registered by peril."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class CatConfig:
    n_regions: int = 4
    seed: int = 2024


class SeverityModel(nnx.Module):
    def __init__(self, n_regions, rngs: nnx.Rngs):
        self.curve = nnx.Linear(n_regions, n_regions, rngs=rngs)

    def __call__(self, z):
        return nnx.softplus(self.curve(z))


class EventSampler:
    registry = {}

    def __init_subclass__(cls, peril, **kwargs):
        super().__init_subclass__(**kwargs)
        EventSampler.registry[peril] = cls

    def __init__(self, severity, cfg: CatConfig):
        self.severity, self.cfg = severity, cfg

    def make_step(self):
        raise NotImplementedError


class HailSampler(EventSampler, peril="hail"):
    def make_step(self):
        def step(total, year):
            rngs = nnx.Rngs(events=jax.random.fold_in(jax.random.key(self.cfg.seed), year))
            z = jax.random.normal(rngs.events(), (self.cfg.n_regions,))
            loss = self.severity(z)
            return total + loss.sum(), loss

        return step


def build_year_step(peril, severity, cfg):
    return EventSampler.registry[peril](severity, cfg).make_step()


def main():
    cfg = CatConfig()
    severity = SeverityModel(cfg.n_regions, nnx.Rngs(params=0))
    step = build_year_step("hail", severity, cfg)
    total, annual = lax.scan(step, jnp.zeros(()), jnp.arange(5))
    return annual
