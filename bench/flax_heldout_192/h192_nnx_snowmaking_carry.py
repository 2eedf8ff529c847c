# label: ok
# flax-error: none
# class: 2 the local controller is split before the while_loop; its state rides in the loop state, is merged in the body and written back with nnx.update
"""Ski-resort snowmaking: runs the snow guns until the base depth target is met or the night ends."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class PumpHours(nnx.Variable):
    """Cumulative pump runtime, reported to the maintenance system."""


class SnowGunController(nnx.Module):
    def __init__(self, n_guns: int, rngs: nnx.Rngs):
        self.policy = nnx.Linear(3, n_guns, rngs=rngs)
        self.pump_hours = PumpHours(jnp.zeros((n_guns,)))

    def __call__(self, weather):
        duty = nnx.sigmoid(self.policy(weather))
        self.pump_hours[...] = self.pump_hours[...] + 0.5 * duty
        return duty


def main():
    controller = SnowGunController(n_guns=5, rngs=nnx.Rngs(0))
    night = jax.random.normal(jax.random.key(1), (10, 3))
    target = 1.5
    graphdef, ctrl_state = nnx.split(controller)

    def cond(state):
        hour, depth, _ = state
        return (hour < night.shape[0]) & (depth.mean() < target)

    def body(state):
        hour, depth, ctrl_state = state
        ctrl = nnx.merge(graphdef, ctrl_state)
        duty = ctrl(night[hour])
        return hour + 1, depth + 0.1 * duty, nnx.state(ctrl)

    _, _, ctrl_state = jax.lax.while_loop(cond, body, (0, jnp.zeros((5,)), ctrl_state))
    nnx.update(controller, ctrl_state)
    float(controller.pump_hours[...].sum())
    return None
