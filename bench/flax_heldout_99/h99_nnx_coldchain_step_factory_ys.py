# label: ok
# flax-error: none
# class: 5 make_rollout_step returns a step function that merges the NNX compressor controller from the carried state and returns its setpoint as the scan's ys; the hooks in the hook list read the stacked ys after the loop
"""Cold-chain warehouse: a learned compressor controller with adaptive setpoint, monitored by hooks."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Setpoint(nnx.Variable):
    """Adaptive target temperature of one storage zone."""


class CompressorController(nnx.Module):
    def __init__(self, zones, *, rngs):
        self.policy = nnx.Linear(2 * zones, zones, rngs=rngs)
        self.setpoint = Setpoint(jnp.full((zones,), 4.0))

    def __call__(self, temps):
        error = temps - self.setpoint[...]
        duty = nnx.sigmoid(self.policy(jnp.concatenate([temps, error])))
        self.setpoint[...] = self.setpoint[...] + 0.05 * jnp.tanh(-error.mean())
        return duty


class SetpointProbe:
    def __init__(self):
        self.trace = None

    def __call__(self, stacked_outputs):
        self.trace = stacked_outputs["setpoint"]

    def drift(self):
        return jnp.abs(self.trace[-1] - self.trace[0]).max()


def make_rollout_step(graphdef):
    def step(carry, ambient):
        state, temps = carry
        controller = nnx.merge(graphdef, state)
        duty = controller(temps)
        temps = temps + 0.1 * (ambient - temps) - 0.5 * duty
        outputs = {"setpoint": controller.setpoint[...], "duty": duty.mean()}
        return (nnx.state(controller), temps), outputs

    return step


def main():
    controller = CompressorController(zones=3, rngs=nnx.Rngs(0))
    graphdef, state = nnx.split(controller)
    hooks = [SetpointProbe()]
    step = make_rollout_step(graphdef)
    ambient = 20.0 + jax.random.normal(jax.random.key(1), (8, 3))
    (state, temps), outputs = jax.lax.scan(step, (state, jnp.full((3,), 6.0)), ambient)
    nnx.update(controller, state)
    for hook in hooks:
        hook(outputs)
    hooks[0].drift().block_until_ready()
    return None
