# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "t" in "/" because collection "sim" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 'sim' collection clock variable advanced by the module's step method, handed to lax.while_loop as the body
"""Differentiable particle simulator with a learned drag term; the simulator keeps its clock in a
'sim' collection and `step` (the while_loop body) advances it until the horizon is reached."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class ParticleSim(nn.Module):
    dt: float = 0.01
    horizon: float = 0.05

    def setup(self):
        self.drag = nn.Dense(2)
        self.clock = self.variable("sim", "t", lambda: jnp.zeros(()))

    def step(self, state):
        x, v, t = state
        a = jnp.array([0.0, -9.8]) - self.drag(v)
        v = v + self.dt * a
        x = x + self.dt * v
        self.clock.value = self.clock.value + self.dt
        return x, v, t + self.dt

    def keep_going(self, state):
        return state[2] < self.horizon

    def __call__(self, x0, v0):
        x, v, _ = lax.while_loop(self.keep_going, self.step, (x0, v0, jnp.zeros(())))
        return x, v


def main():
    sim = ParticleSim()
    x0 = jnp.zeros((5, 2))
    v0 = jnp.ones((5, 2))
    variables = sim.init(jax.random.key(0), (x0, v0, jnp.zeros(())), method=ParticleSim.step)
    x, v = sim.apply(variables, x0, v0)
    x.block_until_ready()
    return None
