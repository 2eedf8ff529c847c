# label: trace-context
# flax-error: TraceContextError: Cannot mutate HeatEMA from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the regulator's own settle() method runs the while_loop and updates its HeatEMA variable in the body
"""Burner regulation for a wood-fired bread oven: iterate the controller until the hearth settles."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class HeatEMA(nnx.Variable):
    pass


class KilnRegulator(nnx.Module):
    def __init__(self, zones: int, *, rngs: nnx.Rngs, smoothing: float = 0.8):
        self.gain = nnx.Linear(zones, zones, rngs=rngs)
        self.smoothing = smoothing
        self.hearth_ema = HeatEMA(jnp.full((zones,), 200.0))

    def burner(self, temps, target):
        return 0.1 * jnp.tanh(self.gain(target - temps)) * (target - temps)

    def settle(self, temps, target, tolerance: float = 1.0, max_iters: int = 50):
        def unsettled(carry):
            i, temps = carry
            return (i < max_iters) & (jnp.max(jnp.abs(target - temps)) > tolerance)

        def adjust(carry):
            i, temps = carry
            temps = temps + self.burner(temps, target)
            self.hearth_ema[...] = self.smoothing * self.hearth_ema[...] + (1 - self.smoothing) * temps
            return i + 1, temps

        iters, temps = while_loop(unsettled, adjust, (0, temps))
        return iters, temps


def main():
    regulator = KilnRegulator(zones=3, rngs=nnx.Rngs(2))
    iters, temps = regulator.settle(jnp.array([180.0, 190.0, 170.0]), jnp.array([250.0, 245.0, 240.0]))
    jax.block_until_ready((iters, temps, regulator.hearth_ema[...] * 1.0))
    return None
