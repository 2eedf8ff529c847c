# label: ok
# jax-error: none
# class: 4 class method used as the scan body, dict carry kept intact
import jax.numpy as jnp
from jax import lax


class SpringSim:
    k = 4.0

    @classmethod
    def step(cls, state, dt):
        vel = state["vel"] - cls.k * state["pos"] * dt
        return {"pos": state["pos"] + vel * dt, "vel": vel}, state["pos"]

    @classmethod
    def run(cls, n):
        init = {"pos": jnp.float32(1.0), "vel": jnp.float32(0.0)}
        return lax.scan(cls.step, init, jnp.full(n, 0.01))


def main():
    return SpringSim.run(10)
