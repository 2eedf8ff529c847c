# label: not-pair
# jax-error: TypeError: scan body output must be a pair, got float32[2].
# class: 4 static method of a physics class used as the body returns only the new state
import jax.numpy as jnp
import jax.lax as lax


class Ballistics:
    @staticmethod
    def step(state, dt):
        pos, vel = state
        vel = vel + jnp.array([0.0, -9.81]) * dt
        return pos + vel * dt

    @classmethod
    def simulate(cls, n):
        return lax.scan(cls.step, (jnp.zeros(2), jnp.array([1.0, 5.0])), jnp.full(n, 0.05))


def main():
    return Ballistics.simulate(8)
