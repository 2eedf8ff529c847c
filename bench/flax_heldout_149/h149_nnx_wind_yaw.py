# label: trace-context
# flax-error: TraceContextError: Cannot mutate YawActuations from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 YawController.rollout runs the fori_loop itself and increments its own YawActuations variable (an nnx.Variable subclass) inside the body
"""Wind farm yaw control: a turbine's controller turns the nacelle towards the wind over a
gust sequence and counts actuator movements, which wear the yaw bearing."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class YawActuations(nnx.Variable):
    """Number of yaw-motor starts; read by the maintenance planner."""


class YawController(nnx.Module):
    def __init__(self, deadband: float, rngs: nnx.Rngs):
        self.deadband = deadband
        self.policy = nnx.Linear(3, 1, rngs=rngs)
        self.actuations = YawActuations(jnp.zeros((), jnp.int32))

    def rollout(self, wind_dirs, yaw0):
        def body(t, yaw):
            err = wind_dirs[t] - yaw
            command = jnp.tanh(self.policy(jnp.stack([err, jnp.sin(err), jnp.cos(err)]))[0])
            moved = jnp.abs(command) > self.deadband
            self.actuations.value += moved.astype(jnp.int32)
            return yaw + jnp.where(moved, 0.1 * command, 0.0)

        return lax.fori_loop(0, wind_dirs.shape[0], body, yaw0)


class FarmSupervisor:
    def __init__(self, n_turbines):
        rngs = nnx.Rngs(params=0)
        self.turbines = [YawController(0.05, rngs) for _ in range(n_turbines)]

    def shift(self, gusts):
        return [turbine.rollout(gusts, jnp.zeros(())) for turbine in self.turbines]


def main():
    gusts = jnp.cumsum(0.05 * jax.random.normal(jax.random.key(0), (48,)))
    supervisor = FarmSupervisor(2)
    supervisor.shift(gusts)
    return None
