# label: ok
# jax-error: none
# class: 4 static method of a physics class used as the body returns ((pos, vel), pos)
import jax.numpy as jnp
import jax.lax as lax


class Ballistics:
    @staticmethod
    def step(state, dt):
        pos, vel = state
        vel = vel + jnp.array([0.0, -9.81]) * dt
        pos = pos + vel * dt
        return (pos, vel), pos

    @classmethod
    def simulate(cls, n):
        return lax.scan(cls.step, (jnp.zeros(2), jnp.array([1.0, 5.0])), jnp.full(n, 0.05))


def main():
    return Ballistics.simulate(8)
