# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "offset" in "/" because collection "calibration" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a decorator registry maps recipe names to factories; the "tune" factory returns a step closing over model.apply that calibrates, called in the while_loop body
"""Pipe organ tuning: iterate over rank spectra until the voicing model's detuning is in tolerance."""
import jax
import jax.numpy as jnp
from jax import lax
import flax.linen as nn

STEP_FACTORIES = {}


def register_step(name):
    def decorate(factory):
        STEP_FACTORIES[name] = factory
        return factory

    return decorate


class PipeVoicing(nn.Module):
    @nn.compact
    def __call__(self, spectrum, calibrate: bool = False):
        offset = self.variable("calibration", "offset", lambda: jnp.zeros(spectrum.shape[-1]))
        if calibrate:
            offset.value = offset.value + 0.1 * (spectrum - offset.value)
        return nn.Dense(1)(spectrum - offset.value)[..., 0]  # cents of detuning


@register_step("tune")
def make_tune_step(model, variables):
    def step(spectrum):
        return model.apply(variables, spectrum, calibrate=True)

    return step


@register_step("audit")
def make_audit_step(model, variables):
    return lambda spectrum: model.apply(variables, spectrum)


class TuningSession:
    def __init__(self, model, variables, recipe):
        self.step = STEP_FACTORIES[recipe](model, variables)

    def tune(self, spectra, tolerance):
        def cond(carry):
            i, err = carry
            return (i < spectra.shape[0]) & (jnp.abs(err) > tolerance)

        def body(carry):
            i, _ = carry
            return i + 1, self.step(spectra[i])

        return lax.while_loop(cond, body, (0, jnp.float32(100.0)))


def main():
    spectra = jax.random.normal(jax.random.key(0), (9, 12))
    model = PipeVoicing()
    variables = model.init(jax.random.key(1), spectra[0])
    session = TuningSession(model, variables, recipe="tune")
    pipes, err = session.tune(spectra, tolerance=0.05)
    print(int(pipes), float(err))
    return None
