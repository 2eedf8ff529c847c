# label: ok
# flax-error: none
# class: 5 a factory returns a jax.checkpoint-wrapped step function that applies the model functionally; batch_stats travel in the scan carry
"""Brewery fermentation monitor: predicts the hourly drop in specific gravity from tank sensors
(temperature, pressure, CO2 flow) and rolls the gravity forward over a batch's log."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class TankConfig:
    sensors: int = 3
    hidden: int = 8
    original_gravity: float = 1.060
    adapt_norm_stats: bool = True


class AttenuationNet(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, sensors, train: bool):
        h = nn.Dense(self.hidden)(sensors)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.99)(h[None])[0]
        return 1e-3 * nn.softplus(nn.Dense(1)(nn.relu(h)))[0]


class TankAdapter:
    """Adapts raw tank telemetry to model inputs (unit conversion and centring)."""

    def __call__(self, raw):
        return (raw - jnp.array([18.0, 1.2, 0.5])) / jnp.array([4.0, 0.3, 0.2])


def make_fermentation_step(model, variables, adapter, config: TankConfig):
    params = variables["params"]

    @jax.checkpoint
    def step(carry, raw_sensors):
        gravity, batch_stats = carry
        drop, updates = model.apply({"params": params, "batch_stats": batch_stats}, adapter(raw_sensors),
                                    train=config.adapt_norm_stats, mutable=["batch_stats"])
        gravity = jnp.maximum(gravity - drop, 1.0)
        return (gravity, updates["batch_stats"]), gravity

    return step


def main():
    cfg = TankConfig()
    model = AttenuationNet(cfg.hidden)
    variables = model.init(jax.random.key(0), jnp.zeros((cfg.sensors,)), train=False)
    step = make_fermentation_step(model, variables, TankAdapter(), cfg)
    log = jnp.array([18.0, 1.2, 0.5]) + 0.1 * jax.random.normal(jax.random.key(1), (48, cfg.sensors))
    (final, batch_stats), curve = lax.scan(step, (jnp.asarray(cfg.original_gravity), variables["batch_stats"]), log)
    float(final + curve.mean())
    saved = jax.tree.map(lambda a: float(jnp.mean(a)), batch_stats)
    assert len(jax.tree.leaves(saved)) == 2
    return None
