# label: ok
# flax-error: none
# class: 1 the regulator's own settle() method runs the while_loop with the hearth average in the carry and stores it after the loop
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
            i, temps, _ = carry
            return (i < max_iters) & (jnp.max(jnp.abs(target - temps)) > tolerance)

        def adjust(carry):
            i, temps, ema = carry
            temps = temps + self.burner(temps, target)
            return i + 1, temps, self.smoothing * ema + (1 - self.smoothing) * temps

        iters, temps, ema = while_loop(unsettled, adjust, (0, temps, self.hearth_ema[...]))
        self.hearth_ema[...] = ema
        return iters, temps


def main():
    regulator = KilnRegulator(zones=3, rngs=nnx.Rngs(2))
    iters, temps = regulator.settle(jnp.array([180.0, 190.0, 170.0]), jnp.array([250.0, 245.0, 240.0]))
    jax.block_until_ready((iters, temps, regulator.hearth_ema[...] * 1.0))
    return None
