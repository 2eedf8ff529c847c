# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 PointingLoop.track -> self.callbacks list -> ResidualLogger.metric (nnx.metrics.Average) updated from on_step in the scan body
"""Telescope pointing: corrects mount encoder drift over a tracking run with a list of step callbacks."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class PointingConfig:
    axes: int = 2
    features: int = 6
    exposures: int = 8


class DriftCorrector(nnx.Module):
    def __init__(self, config, *, rngs):
        self.net = nnx.Sequential(
            nnx.Linear(config.features, 12, rngs=rngs), nnx.tanh, nnx.Linear(12, config.axes, rngs=rngs)
        )

    def __call__(self, encoders):
        return self.net(encoders)


class Callback:
    def on_step(self, step_output):
        pass


class ResidualLogger(Callback):
    def __init__(self):
        self.metric = nnx.metrics.Average("residual")

    def on_step(self, step_output):
        self.metric.update(residual=jnp.linalg.norm(step_output["residual"], axis=-1))


class GuardRail(Callback):
    def __init__(self, limit_arcsec):
        self.limit = limit_arcsec

    def on_step(self, step_output):
        return jnp.any(jnp.abs(step_output["correction"]) > self.limit)


class PointingLoop:
    def __init__(self, model, callbacks):
        self.model = model
        self.callbacks = list(callbacks)

    def track(self, encoder_frames, target):
        def exposure(offset, frame):
            correction = self.model(frame)
            out = {"correction": correction, "residual": target - (offset + correction)}
            for callback in self.callbacks:
                callback.on_step(out)
            return offset + 0.5 * correction, out["residual"]

        return scan(exposure, jnp.zeros_like(target), encoder_frames)


def main():
    config = PointingConfig()
    model = DriftCorrector(config, rngs=nnx.Rngs(0))
    logger = ResidualLogger()
    loop = PointingLoop(model, [GuardRail(30.0), logger])
    frames = jax.random.normal(jax.random.key(6), (config.exposures, config.features))
    offset, residuals = loop.track(frames, target=jnp.array([1.2, -0.4]))
    print("mean residual", float(logger.metric.compute()), offset)
    return None
