# label: ok
# flax-error: none
# class: 4 the TrialSimulator draws one key from the nnx.Rngs "enroll" stream of its ArmSampler before the jax.lax.scan and splits it into per-week keys fed as xs
"""Clinical trial simulator: every week each recruiting site enrolls patients and randomizes them
to trial arms with site-dependent allocation weights from a small NNX model."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class TrialConfig:
    n_sites: int = 6
    n_site_feats: int = 4
    n_arms: int = 3
    n_weeks: int = 8


class AllocationModel(nnx.Module):
    def __init__(self, cfg: TrialConfig, rngs: nnx.Rngs):
        self.head = nnx.Linear(cfg.n_site_feats, cfg.n_arms, rngs=rngs)

    def __call__(self, site_feats):
        return nnx.log_softmax(self.head(site_feats))


class ArmSampler:
    def __init__(self, model: AllocationModel, seed: int):
        self.model = model
        self.rngs = nnx.Rngs(enroll=seed)

    def assign(self, key, site_feats):
        return jax.random.categorical(key, self.model(site_feats))


class TrialSimulator:
    def __init__(self, sampler: ArmSampler, cfg: TrialConfig):
        self.sampler = sampler
        self.cfg = cfg

    def simulate(self, site_feats):
        week_keys = jax.random.split(self.sampler.rngs.enroll(), self.cfg.n_weeks)

        def week(counts, key):
            arms = self.sampler.assign(key, site_feats)
            counts = counts + jax.nn.one_hot(arms, self.cfg.n_arms).sum(0)
            return counts, arms

        counts0 = jnp.zeros((self.cfg.n_arms,))
        return jax.lax.scan(week, counts0, week_keys)


def main():
    cfg = TrialConfig()
    model = AllocationModel(cfg, nnx.Rngs(0))
    sim = TrialSimulator(ArmSampler(model, seed=17), cfg)
    site_feats = jax.random.normal(jax.random.key(1), (cfg.n_sites, cfg.n_site_feats))
    _, weekly_arms = sim.simulate(site_feats)
    return weekly_arms
