# label: ok
# flax-error: none
# class: 1 FermentationSim.simulate runs lax.fori_loop itself; self.make_rng("sensor") is drawn once before the loop and the body folds in the hour
"""Brewery fermentation simulator: rolls gravity and temperature forward for a
tank and logs the simulated probe noise used by the calibration report."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class FermentationSim(nn.Module):
    noise_scale: float = 0.05

    def setup(self):
        self.kinetics = nn.Dense(2)

    def __call__(self, state):
        return state + 0.1 * jnp.tanh(self.kinetics(state))

    def simulate(self, state0, n_hours):
        base = self.make_rng("sensor")

        def body(i, carry):
            state, noise_log = carry
            noise = self.noise_scale * jax.random.normal(jax.random.fold_in(base, i), (2,))
            state = self(state) + noise
            return state, noise_log.at[i].set(noise)

        log0 = jnp.zeros((n_hours, 2))
        return lax.fori_loop(0, n_hours, body, (state0, log0))


class TankMonitor:
    def __init__(self, sim, variables, seed):
        self.sim, self.variables, self.seed = sim, variables, seed

    def calibration_noise(self, state0, n_hours):
        _, noise_log = self.sim.apply(
            self.variables, state0, n_hours, method=FermentationSim.simulate,
            rngs={"sensor": jax.random.key(self.seed)})
        return noise_log


def main():
    sim = FermentationSim()
    state0 = jnp.array([1.050, 18.0])  # specific gravity, degrees C
    variables = sim.init(jax.random.key(0), state0)
    monitor = TankMonitor(sim, variables, seed=21)
    return monitor.calibration_noise(state0, 6)
