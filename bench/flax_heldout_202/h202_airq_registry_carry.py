# label: ok
# flax-error: none
# class: 5 a registered step factory returns a step function over model.apply; the 'calib' collection goes in and out through the scan carry with mutable=['calib']
"""Air-quality sensor calibration: low-cost PM2.5 sensors drift; a calibration model keeps
an exponential moving average of the raw-vs-reference residual, and calibration
strategies are looked up by name in a registry."""
from flax import linen as nn
import jax
import jax.numpy as jnp

STEP_FACTORIES = {}


def register_step(name):
    def decorate(factory):
        STEP_FACTORIES[name] = factory
        return factory
    return decorate


class DriftCalibrator(nn.Module):
    channels: int = 3
    decay: float = 0.8

    @nn.compact
    def __call__(self, raw, humidity):
        ema = self.variable("calib", "residual_ema", jnp.zeros, (self.channels,))
        correction = nn.Dense(self.channels)(jnp.concatenate([raw, humidity[None]]))
        corrected = raw - correction - ema.value
        ema.value = self.decay * ema.value + (1 - self.decay) * corrected
        return corrected


@register_step("ema")
def make_ema_step(model, variables):
    params = variables["params"]

    def step(carry, sample):
        total, calib = carry
        raw, humidity = sample
        corrected, updates = model.apply({"params": params, "calib": calib}, raw, humidity, mutable=["calib"])
        return (total + jnp.abs(corrected).sum(), updates["calib"]), corrected

    return step


class CalibrationJob:
    def __init__(self, strategy, model, variables):
        self.step = STEP_FACTORIES[strategy](model, variables)
        self.calib = variables["calib"]

    def run(self, raw, humidity):
        (total, self.calib), corrected = jax.lax.scan(self.step, (jnp.zeros(()), self.calib), (raw, humidity))
        return total, corrected

    def drift(self):
        return jnp.linalg.norm(self.calib["residual_ema"])


def main():
    raw = jax.random.uniform(jax.random.key(61), (30, 3), minval=5.0, maxval=60.0)
    humidity = jax.random.uniform(jax.random.key(62), (30,))
    model = DriftCalibrator()
    variables = model.init(jax.random.key(63), raw[0], humidity[0])
    job = CalibrationJob("ema", model, variables)
    total, corrected = job.run(raw, humidity)
    assert corrected.shape == raw.shape and job.drift().shape == ()
    return None
