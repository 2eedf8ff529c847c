# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_rollout_step returns a step function that merges the NNX compressor controller from the carried state and runs every hook in its hook list; SetpointProbe keeps the controller's setpoint in a list
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
        self.trace = []

    def __call__(self, step_outputs):
        self.trace.append(step_outputs["controller"].setpoint[...])

    def drift(self):
        history = jnp.stack(self.trace)
        return jnp.abs(history[-1] - history[0]).max()


def make_rollout_step(graphdef, hooks):
    def step(carry, ambient):
        state, temps = carry
        controller = nnx.merge(graphdef, state)
        duty = controller(temps)
        temps = temps + 0.1 * (ambient - temps) - 0.5 * duty
        for hook in hooks:
            hook({"controller": controller, "temps": temps})
        return (nnx.state(controller), temps), duty.mean()

    return step


def main():
    controller = CompressorController(zones=3, rngs=nnx.Rngs(0))
    graphdef, state = nnx.split(controller)
    probe = SetpointProbe()
    step = make_rollout_step(graphdef, [probe])
    ambient = 20.0 + jax.random.normal(jax.random.key(1), (8, 3))
    (state, temps), duty = jax.lax.scan(step, (state, jnp.full((3,), 6.0)), ambient)
    nnx.update(controller, state)
    probe.drift().block_until_ready()
    return None
