# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a factory returns a jax.checkpoint-wrapped step function closing over model.bind(variables, mutable=['batch_stats']); the scan body is that step
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
    session = model.bind(variables, mutable=["batch_stats"])

    @jax.checkpoint
    def step(gravity, raw_sensors):
        drop = session(adapter(raw_sensors), train=config.adapt_norm_stats)
        gravity = jnp.maximum(gravity - drop, 1.0)
        return gravity, gravity

    def norm_stats():
        return session.variables["batch_stats"]

    return step, norm_stats


def main():
    cfg = TankConfig()
    model = AttenuationNet(cfg.hidden)
    variables = model.init(jax.random.key(0), jnp.zeros((cfg.sensors,)), train=False)
    step, norm_stats = make_fermentation_step(model, variables, TankAdapter(), cfg)
    log = jnp.array([18.0, 1.2, 0.5]) + 0.1 * jax.random.normal(jax.random.key(1), (48, cfg.sensors))
    final, curve = lax.scan(step, jnp.asarray(cfg.original_gravity), log)
    float(final + curve.mean())
    saved = jax.tree.map(lambda a: float(jnp.mean(a)), norm_stats())
    assert len(jax.tree.leaves(saved)) == 2
    return None
