# label: drift-structure
# jax-error: TypeError: scan body function carry input and carry output must have the same pytree structure, but they differ:
# class: 4 static method body of a simulator class returns a dict carry with one key renamed
import jax.numpy as jnp
from jax import lax


class SpringSim:
    k = 4.0

    @staticmethod
    def step(state, dt):
        vel = state["vel"] - SpringSim.k * state["pos"] * dt
        return {"position": state["pos"] + vel * dt, "vel": vel}, state["pos"]

    def run(self, n):
        init = {"pos": jnp.float32(1.0), "vel": jnp.float32(0.0)}
        return lax.scan(self.step, init, jnp.full(n, 0.01))


def main():
    return SpringSim().run(10)
