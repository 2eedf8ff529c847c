# label: ok
# flax-error: none
# class: 4 batch_stats taken from CaliperTrainer.state dict, carried through the scan and written back into the dict after it
"""Online caliper (sheet thickness) regression for a paper machine reel.

The trainer keeps a flat state dict the way the mill's service layer serialises it, and
normalisation statistics are refreshed while a reel's scan profiles are streamed through."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class ReelConfig:
    zones: int = 8
    hidden: int = 16
    momentum: float = 0.9


class CaliperNet(nn.Module):
    cfg: ReelConfig

    @nn.compact
    def __call__(self, profile, train: bool = False):
        h = nn.Dense(self.cfg.hidden)(profile)
        h = nn.BatchNorm(use_running_average=not train, momentum=self.cfg.momentum)(h)
        return nn.Dense(1)(nn.relu(h)).squeeze(-1)


class CaliperTrainer:
    def __init__(self, cfg: ReelConfig, seed: int = 0):
        self.cfg = cfg
        self.model = CaliperNet(cfg)
        variables = self.model.init(jax.random.key(seed), jnp.zeros((4, cfg.zones)))
        self.state = {"params": variables["params"], "batch_stats": variables["batch_stats"], "reels": 0}
        self._train_apply = functools.partial(self.model.apply, train=True, mutable=["batch_stats"])
        self._eval_apply = functools.partial(self.model.apply, train=False)

    def _variables(self):
        return {"params": self.state["params"], "batch_stats": self.state["batch_stats"]}

    def _forward(self, batch_stats, profile):
        variables = {"params": self.state["params"], "batch_stats": batch_stats}
        caliper, updates = self._train_apply(variables, profile)
        return caliper, updates["batch_stats"]

    def stream_reel(self, profiles, targets):
        def body(carry, batch):
            total, batch_stats = carry
            profile, target = batch
            caliper, batch_stats = self._forward(batch_stats, profile)
            return (total + jnp.mean((caliper - target) ** 2), batch_stats), None

        init = (jnp.float32(0.0), self.state["batch_stats"])
        (total, batch_stats), _ = jax.lax.scan(body, init, (profiles, targets))
        self.state["batch_stats"] = batch_stats
        self.state["reels"] += 1
        return total / profiles.shape[0]

    def evaluate(self, profile):
        return self._eval_apply(self._variables(), profile)


def main():
    cfg = ReelConfig()
    trainer = CaliperTrainer(cfg)
    profiles = jax.random.normal(jax.random.key(1), (6, 4, cfg.zones))
    targets = jnp.mean(profiles, axis=-1)
    trainer.stream_reel(profiles, targets)
    trainer.evaluate(profiles[0]).block_until_ready()
    return None
