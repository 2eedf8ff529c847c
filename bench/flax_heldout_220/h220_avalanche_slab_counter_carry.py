# label: ok
# flax-error: none
# class: 1 SlabRiskModel.__call__ runs the scan; the 'diagnostics' counter is read before, carried, written after
"""Hourly slab-instability scoring for an avalanche bulletin service."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass(frozen=True)
class BulletinConfig:
    hours: int = 24
    features: int = 5
    danger_threshold: float = 0.5


class SlabRiskModel(nn.Module):
    cfg: BulletinConfig

    @nn.compact
    def __call__(self, readings):
        encoder = nn.Dense(8, name="encoder")
        head = nn.Dense(1, name="head")
        exceed = self.variable("diagnostics", "exceed_count", lambda: jnp.zeros((), jnp.int32))
        warm = head(nn.tanh(encoder(readings[0])))

        def hour(carry, reading):
            load, count = carry
            risk = nn.sigmoid(head(nn.tanh(encoder(reading)))[0] + load)
            count = count + (risk > self.cfg.danger_threshold).astype(jnp.int32)
            return (0.9 * load + 0.1 * risk, count), risk

        (_, count), risks = jax.lax.scan(hour, (warm[0], exceed.value), readings)
        exceed.value = count
        return risks


class BulletinService:
    def __init__(self, cfg: BulletinConfig):
        self.cfg = cfg
        self.model = SlabRiskModel(cfg)
        self.variables = None
        self.season_exceed = jnp.zeros((), jnp.int32)

    def warm_up(self, key, readings):
        # the bulletin starts every season with a fresh counter: keep the weights only
        self.variables = {"params": self.model.init(key, readings)["params"]}

    def publish(self, readings):
        risks, updates = self.model.apply(self.variables, readings, mutable=["diagnostics"])
        self.variables = {**self.variables, **updates}
        self.season_exceed = self.season_exceed + updates["diagnostics"]["exceed_count"]
        return float(risks.max()), int(self.season_exceed)


def main():
    cfg = BulletinConfig()
    readings = jax.random.normal(jax.random.key(0), (cfg.hours, cfg.features))
    service = BulletinService(cfg)
    service.warm_up(jax.random.key(1), readings)
    peak, hours_over = service.publish(readings)
    print(f"peak risk {peak:.3f}, {hours_over} hours over threshold")
    return None
