# label: same-values
# flax-error: none
# class: 2 simulate() copies the params and the noise key into locals that the while_loop body passes to model.apply at every step
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop


class TrussVibration(nn.Module):
    modes: int = 4

    @nn.compact
    def __call__(self, load):
        response = nn.Dense(self.modes, name="truss")(load)
        jitter = jax.random.normal(self.make_rng("noise"), response.shape)
        return response + 0.05 * jitter


class VibrationSimulator:
    def __init__(self, model, params, key, steps):
        self.model = model
        self.params = params
        self.key = key
        self.steps = steps

    @classmethod
    def from_checkpoint(cls, checkpoint: dict):
        model = TrussVibration(modes=checkpoint["modes"])
        load = jnp.zeros((checkpoint["sensors"],))
        params = model.init({"params": jax.random.key(checkpoint["seed"]), "noise": jax.random.key(0)}, load)["params"]
        return cls(model, params, jax.random.key(checkpoint["seed"] + 100), checkpoint["steps"])

    def simulate(self, load):
        model, params, key = self.model, self.params, self.key
        trace = jnp.zeros((self.steps, model.modes))

        def not_done(state):
            return state[0] < self.steps

        def step(state):
            i, trace = state
            accel = model.apply({"params": params}, load, rngs={"noise": key})
            return i + 1, trace.at[i].set(accel)

        _, trace = while_loop(not_done, step, (0, trace))
        return trace


def main():
    checkpoint = {"modes": 4, "sensors": 3, "seed": 9, "steps": 6}
    simulator = VibrationSimulator.from_checkpoint(checkpoint)
    step_load = jnp.array([0.4, 1.1, 0.7])
    return simulator.simulate(step_load)
