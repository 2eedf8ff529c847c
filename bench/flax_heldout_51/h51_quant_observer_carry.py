# label: ok
# flax-error: none
# class: 2 the calibrator keeps the model on self; the quant_stats collection is mutable and carried through the fori_loop
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
        params = self.variables["params"]

        def body(i, carry):
            stats, acc = carry
            out, updates = self.model.apply({"params": params, "quant_stats": stats}, batches[i],
                                            mutable=["quant_stats"])
            return updates["quant_stats"], acc + jnp.mean(out)

        stats, _ = lax.fori_loop(0, batches.shape[0], body, (self.variables["quant_stats"], jnp.zeros(())))
        self.variables = {"params": params, "quant_stats": stats}
        return stats

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
