# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "amax" in "/QuantDense_0/input_observer" because collection "quant_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the calibrator keeps the model and its variables on self and the fori_loop body calls model.apply with them
"""Post-training quantization calibration: AmaxObserver layers record the running absolute
maximum of their inputs while a Calibrator feeds calibration batches through a fori_loop."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class AmaxObserver(nn.Module):
    """Records max |x| seen so far in the 'quant_stats' collection."""
    momentum: float = 0.99

    @nn.compact
    def __call__(self, x):
        amax = self.variable("quant_stats", "amax", lambda: jnp.zeros((), jnp.float32))
        if not self.is_initializing():
            amax.value = jnp.maximum(amax.value * self.momentum, jnp.max(jnp.abs(x)))
        return x


class QuantDense(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        x = AmaxObserver(name="input_observer")(x)
        return nn.Dense(self.features)(x)


class QuantMLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.gelu(QuantDense(32)(x))
        return QuantDense(10)(x)


class Calibrator:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def calibrate(self, batches):
        def body(i, acc):
            out = self.model.apply(self.variables, batches[i])
            return acc + jnp.mean(out)

        lax.fori_loop(0, batches.shape[0], body, jnp.zeros(()))
        return self.variables["quant_stats"]

    def scales(self, stats, num_bits=8):
        qmax = 2.0 ** (num_bits - 1) - 1
        return jax.tree.map(lambda a: a / qmax, stats)


def main():
    model = QuantMLP()
    variables = model.init(jax.random.PRNGKey(0), jnp.ones((2, 16)))
    calib = jax.random.normal(jax.random.PRNGKey(1), (6, 2, 16))
    calibrator = Calibrator(model, variables)
    stats = calibrator.calibrate(calib)
    calibrator.scales(stats)
